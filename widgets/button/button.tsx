import { useState } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import type { ButtonProps } from './schema';
import './button.css';

/** Runs `on.click`; disabled while the actions run, so a second tap sends nothing. */
export default function Button({ props, emit }: WidgetComponentProps<ButtonProps>) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await emit('click');
    } finally {
      setBusy(false);
    }
  };
  const className = [
    'w-button',
    `w-button--${props.variant}`,
    props.fullWidth ? 'w-button--full' : '',
    props.image ? 'w-button--image' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      disabled={props.disabled || busy}
      aria-busy={busy}
      onClick={() => void onClick()}
      style={
        props.color && props.variant === 'primary' && !props.image
          ? { background: props.color }
          : undefined
      }
    >
      {props.image ? (
        <img
          src={props.image.src}
          alt={props.label}
          width={props.image.width}
          height={props.image.height}
        />
      ) : (
        props.label
      )}
    </button>
  );
}
