import { use, useMemo, useRef, useState } from 'react';
import { partLoader } from '../../src/engine/chunks/tracked-promise';
import { useHydrated } from '../../src/engine/prerender/hydration';
import { cssUrl } from '../../src/engine/urls/css-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import type { ImageListContent } from './content-html';
import type { ImageListProps } from './schema';
import './image-list.css';

// The images of the activity's contentHtml (`source: 'activity'`): their reader is a part of its
// own (decision 0036), loaded with the widget's chunk by the pages whose nodes use it.
const loadContentHtml = partLoader(() => import('./content-html'));
export const parts = { 'image-list/content-html': loadContentHtml };

function fromProps(props: ImageListProps): ImageListContent {
  return {
    // Addresses passed the URL policy before the widget sees them (the engine, after bindings);
    // an image whose address was refused has none.
    images: props.images.flatMap(({ link, ...image }) =>
      image.src ? [link ? { ...image, link } : image] : [],
    ),
    navList: props.navList ?? [],
    backgrounds: props.back?.list ?? [],
    needRandom: props.back?.needRandom ?? false,
  };
}

export default function ImageList({ props, emit }: WidgetComponentProps<ImageListProps>) {
  const page = usePage();
  const activity = page.scope.activity;
  const reader = props.source === 'activity' ? use(loadContentHtml()) : null;
  const content = useMemo(
    () => (reader ? reader.parseContentHtml(activity) : fromProps(props)),
    [reader, props, activity],
  );
  // spec §3 back.needRandom: one background per visit, chosen once. A prerendered page is the
  // same for every visit, so the random one is chosen in the browser, once the page has hydrated.
  const [pick] = useState(() => Math.random());
  const hydrated = useHydrated();
  const background = content.needRandom
    ? hydrated
      ? content.backgrounds[Math.floor(pick * content.backgrounds.length)]
      : undefined
    : content.backgrounds[0];
  const imageRefs = useRef<(HTMLElement | null)[]>([]);

  const open = (index: number, link: string | undefined) => {
    void emit('imageClick', { index });
    if (link) void page.run([{ type: 'navigate', to: link }]);
  };

  return (
    <div
      className="w-image-list"
      style={background ? { backgroundImage: cssUrl(background) } : undefined}
    >
      {content.navList.length > 0 ? (
        <nav className="w-image-list__nav" aria-label="活动导航">
          {content.navList.map((item) => (
            <button
              key={`${item.title}-${item.imageIndex}`}
              type="button"
              className="w-image-list__nav-item"
              onClick={() =>
                imageRefs.current[item.imageIndex]?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              {item.title}
            </button>
          ))}
        </nav>
      ) : null}
      {content.images.map((image, index) => {
        const img = (
          <img
            src={image.src}
            alt={image.alt}
            {...(image.width && image.height ? { width: image.width, height: image.height } : {})}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
            {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
          />
        );
        return (
          <div
            key={`${image.src}-${index}`}
            ref={(element) => void (imageRefs.current[index] = element)}
            className="w-image-list__item"
          >
            {image.link ? (
              <button
                type="button"
                className="w-image-list__link"
                onClick={() => open(index, image.link)}
              >
                {img}
              </button>
            ) : (
              img
            )}
          </div>
        );
      })}
    </div>
  );
}
