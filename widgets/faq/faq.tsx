import { useId, useState } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { useServices } from '../../src/services/context';
import type { FaqProps } from './schema';
import './faq.css';

const keyOf = (item: FaqProps['items'][number], index: number) => item.id ?? String(index);

/**
 * The disclosure pattern (WAI-ARIA APG): a heading holding a button with aria-expanded and
 * aria-controls, the answer a region labelled by its question, `hidden` while closed, so screen
 * readers and the keyboard (Tab, Enter, Space) get it from native elements.
 */
export default function Faq({ props, emit }: WidgetComponentProps<FaqProps>) {
  const services = useServices();
  const baseId = useId();
  // What the visitor toggled; the rest follows the address (?<openParam>=<id>), read while
  // rendering: the engine keeps that read as the prerender saw it until the page has hydrated.
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const wanted = props.openParam ? services.navigation.query().get(props.openParam) : null;
  const isOpen = (key: string) => toggled[key] ?? key === wanted;

  const toggle = (key: string) => {
    const opening = !isOpen(key);
    setToggled((current) => {
      const next: Record<string, boolean> = { ...current };
      if (props.single && opening) {
        props.items.forEach((item, index) => {
          next[keyOf(item, index)] = false;
        });
      }
      next[key] = opening;
      return next;
    });
    if (opening) void emit('open', { id: key });
  };

  return (
    <section className="w-faq" aria-labelledby={props.title ? `${baseId}-title` : undefined}>
      {props.title ? (
        <h2 className="w-faq__title" id={`${baseId}-title`}>
          {props.title}
        </h2>
      ) : null}
      <ul className="w-faq__list">
        {props.items.map((item, index) => {
          const key = keyOf(item, index);
          const expanded = isOpen(key);
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <li className="w-faq__item" key={key}>
              <h3 className="w-faq__question">
                <button
                  type="button"
                  id={buttonId}
                  className="w-faq__toggle"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(key)}
                >
                  <span>{item.question}</span>
                  <span className="w-faq__chevron" aria-hidden="true" />
                </button>
              </h3>
              <div
                className="w-faq__answer"
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!expanded}
              >
                {item.answer.map((block, blockIndex) => {
                  if (typeof block === 'string') return <p key={blockIndex}>{block}</p>;
                  const List = block.ordered ? 'ol' : 'ul';
                  return (
                    <List key={blockIndex}>
                      {block.list.map((line, lineIndex) => (
                        <li key={lineIndex}>{line}</li>
                      ))}
                    </List>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
