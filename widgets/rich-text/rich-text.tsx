import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import type { RichTextProps } from './schema';
import './rich-text.css';

/** Plain text rendered by React (escaped): no HTML from a document ever reaches the DOM. */
export default function RichText({ props }: WidgetComponentProps<RichTextProps>) {
  return (
    <article
      className="w-rich-text"
      style={
        props.color || props.background
          ? {
              ...(props.color ? { color: props.color } : {}),
              ...(props.background ? { background: props.background } : {}),
            }
          : undefined
      }
    >
      {props.title ? <h2 className="w-rich-text__title">{props.title}</h2> : null}
      {props.content.map((block: RichTextProps['content'][number] | null | undefined, index) => {
        if (typeof block === 'string') return <p key={index}>{block}</p>;
        // A block bound to data that has not come yet (`"{{activity.activityDesp}}"` before the
        // activity answers) is nothing for now, never a broken widget.
        if (block === null || typeof block !== 'object') return null;
        if ('heading' in block) return <h3 key={index}>{block.heading}</h3>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.list.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </List>
        );
      })}
    </article>
  );
}
