import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../tests/support/render-page';
import { requirementGate } from './requirement-gate';

const text = { type: 'rich-text', id: 'body', props: { content: ['正文'] } };

describe('RequirementGate', () => {
  it('renders a page without requirements as is, without fetching the gate', async () => {
    renderPage([text]);
    expect(await screen.findByText('正文')).toBeTruthy();
    expect(requirementGate.peek()).toBeUndefined();
  });

  it('loads the gate for a page with requirements and shows it instead of the body', async () => {
    renderPage([text], { document: { requirements: { login: true } } });
    expect(await screen.findByRole('button', { name: '立即登录' })).toBeTruthy();
    expect(screen.queryByText('正文')).toBeNull();
    expect(requirementGate.peek()).toBeDefined();
  });
});
