import type { CSSProperties } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import type { ProgressStepsProps } from './schema';
import { stepStates } from './steps';
import './progress-steps.css';

export default function ProgressSteps({ props }: WidgetComponentProps<ProgressStepsProps>) {
  const states = stepStates(props.steps, props.current);
  const texts = { done: props.doneText, current: props.currentText, todo: props.todoText };
  const style = props.accentColor
    ? ({ '--w-steps-custom': props.accentColor } as CSSProperties)
    : undefined;
  return (
    <section className="w-steps" data-orientation={props.orientation} style={style}>
      {props.title ? <h2 className="w-steps__title">{props.title}</h2> : null}
      <ol className="w-steps__list" aria-label={props.title ?? '进度'}>
        {props.steps.map((step, i) => {
          const state = states[i] ?? 'todo';
          return (
            <li
              key={step.key ?? i}
              className="w-steps__item"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="w-steps__marker" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="w-steps__text">
                <span className="w-steps__label">{step.label}</span>
                <span className="w-steps__state">{texts[state]}</span>
                {step.desc ? <span className="w-steps__desc">{step.desc}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
