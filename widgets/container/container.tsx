import type { CSSProperties } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { cssUrl } from '../../src/engine/urls/css-url';
import type { ContainerProps } from './schema';
import './container.css';

const ALIGN = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
} as const;

export default function Container({ props, children }: WidgetComponentProps<ContainerProps>) {
  const style: CSSProperties = {
    flexDirection: props.direction,
    gap: `${props.gap}px`,
    padding: `${props.padding}px`,
    alignItems: ALIGN[props.align],
    borderRadius: `${props.radius}px`,
    ...(props.background ? { backgroundColor: props.background } : {}),
    // The address passed the URL policy (urlProp('image'): the validator, or the engine after
    // bindings); cssUrl escapes it so no quote or ")" can end the url() (issue 19).
    ...(props.backgroundImage ? { backgroundImage: cssUrl(props.backgroundImage) } : {}),
  };
  return (
    <div className="w-container" style={style}>
      {children}
    </div>
  );
}
