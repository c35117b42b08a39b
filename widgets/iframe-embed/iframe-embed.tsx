import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { useServices } from '../../src/services/context';
import { embeddableUrl } from '../../src/contracts/hosts/embed-hosts';
import type { IframeEmbedProps } from './schema';
import './iframe-embed.css';

/**
 * What the embedded page may do: run its scripts on its own origin, send its forms and open a
 * window (the payment flow's "open in app"); never navigate our page, never download.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

export default function IframeEmbed({ props, emit }: WidgetComponentProps<IframeEmbedProps>) {
  const services = useServices();
  // Checked again here: `src` may have come through a binding the build never saw. The query is
  // read while rendering: the engine keeps that read as the prerender saw it until hydration.
  const fromQuery = props.srcParam
    ? embeddableUrl(services.navigation.query().get(props.srcParam))
    : null;
  const src = fromQuery ?? embeddableUrl(props.src);

  if (!src) {
    return (
      <div className="w-iframe-embed w-iframe-embed--refused" role="alert">
        该页面暂不支持在此打开
      </div>
    );
  }
  return (
    <div className="w-iframe-embed" style={{ height: `${props.height}px` }}>
      <iframe
        key={src}
        className="w-iframe-embed__frame"
        src={src}
        title={props.title}
        sandbox={EMBED_SANDBOX}
        referrerPolicy="no-referrer"
        loading="lazy"
        allow=""
        onLoad={() => void emit('load')}
      />
      <a className="w-iframe-embed__open" href={src} target="_blank" rel="noopener noreferrer">
        {props.openText}
      </a>
    </div>
  );
}
