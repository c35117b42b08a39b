import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dataStates, ErrorState } from './states';

const loading = <p>loading</p>;
const loggedOut = <p>log in</p>;
const failure = Object.assign(new Error('boom'), { code: 500, msg: 'boom', status: 500 });

describe('dataStates: the one order of a data widget’s states (issue 31)', () => {
  it('shows the logged-out state first, whatever the call did', () => {
    const call = { data: undefined, error: failure, mutate: vi.fn() };
    expect(dataStates({ loggedOut, call, errorText: '加载失败', loading })).toBe(loggedOut);
  });

  it('shows a failed first load as the load error, whose retry calls again', () => {
    const call = { data: undefined, error: failure, mutate: vi.fn() };
    const state = dataStates({ call, errorText: '加载失败', errorMinHeight: 80, loading });
    expect(isValidElement(state) && state.type).toBe(ErrorState);
    const props = (state as ReactElement<Parameters<typeof ErrorState>[0]>).props;
    expect(props).toMatchObject({ text: '加载失败', minHeight: 80 });
    props.onRetry();
    expect(call.mutate).toHaveBeenCalledTimes(1);
  });

  it('keeps data on screen when a refresh fails, and shows loading before any answer', () => {
    const failedRefresh = { data: { list: [] }, error: failure, mutate: vi.fn() };
    expect(dataStates({ call: failedRefresh, errorText: 'x', loading })).toBeNull();
    const pending = { data: undefined, error: undefined, mutate: vi.fn() };
    expect(dataStates({ call: pending, errorText: 'x', loading })).toBe(loading);
  });
});
