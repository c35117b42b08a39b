import { useId } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { linkActions } from '../_campaign-kit/activity';
import type { RiskNoticeProps } from './schema';
import './risk-notice.css';

/**
 * The compliance notice (docs/decisions/0017). Static text from props, so it is in the
 * prerendered first screen; the optional terms link runs through the engine's navigation.
 */
export default function RiskNotice({ props }: WidgetComponentProps<RiskNoticeProps>) {
  const page = usePage();
  const titleId = useId();
  const link = props.link;
  return (
    <aside
      className={`w-risk-notice w-risk-notice--${props.variant}`}
      aria-labelledby={props.title ? titleId : undefined}
      aria-label={props.title ? undefined : '风险提示'}
    >
      {props.title ? (
        <h2 id={titleId} className="w-risk-notice__title">
          {props.title}
        </h2>
      ) : null}
      {props.content.map((paragraph, index) => (
        <p key={index} className="w-risk-notice__text">
          {paragraph}
        </p>
      ))}
      {link ? (
        <button
          type="button"
          className="w-risk-notice__link"
          onClick={() => void page.run(linkActions(link.to))}
        >
          {link.text}
        </button>
      ) : null}
    </aside>
  );
}
