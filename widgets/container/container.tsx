import type { CSSProperties } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
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
    // Both values were narrowed by the schema (safeUrl, cssColor): no quote or ")" can get in.
    ...(props.backgroundImage ? { backgroundImage: `url("${props.backgroundImage}")` } : {}),
  };
  return (
    <div className="w-container" style={style}>
      {children}
    </div>
  );
}
