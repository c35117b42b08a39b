import {
  cloneElement,
  isValidElement,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { accentText } from '../../src/ui/accent-text';
import type { RenderNode } from '../../src/engine/document/types';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { initialTab } from './initial-tab';
import type { TabsProps } from './schema';
import './tabs.css';

interface NodeListProps {
  nodes: readonly RenderNode[];
  path: string;
}

/**
 * The engine hands children over as one <NodeList nodes path> element. To mount one panel at a
 * time we clone it with a single node, keeping the id the engine would have generated
 * (`<path>-<index>`). If the engine ever passes something else, all children stay in one panel.
 */
function panelOf(children: ReactNode, index: number): ReactNode | null | undefined {
  if (!isValidElement<NodeListProps>(children) || !Array.isArray(children.props.nodes)) {
    return undefined;
  }
  const { nodes, path } = children.props;
  const node = nodes[index];
  if (!node) return null;
  return cloneElement(children, { nodes: [{ ...node, id: node.id ?? `${path}-${index}` }] });
}

export default function Tabs({ props, nodeId, children, emit }: WidgetComponentProps<TabsProps>) {
  const count = props.tabs.length;
  const [active, setActive] = useState(() => initialTab(props));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${nodeId}-tab-${index}`;
  const panelId = (index: number) => `${nodeId}-panel-${index}`;

  const select = (index: number, focus = false) => {
    if (focus) tabRefs.current[index]?.focus();
    if (index === active) return;
    setActive(index);
    void emit('change', { index });
  };

  // WAI-ARIA tabs pattern: arrows move (and select), Home/End jump.
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (active + 1) % count,
      ArrowLeft: (active - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  const panel = panelOf(children, active);
  return (
    <div className={props.sticky ? 'w-tabs w-tabs--sticky' : 'w-tabs'}>
      <div
        className="w-tabs__bar"
        role="tablist"
        onKeyDown={onKeyDown}
        style={props.background ? { background: props.background } : undefined}
      >
        {props.tabs.map((tab, index) => {
          const selected = index === active;
          return (
            <button
              key={index}
              ref={(element) => void (tabRefs.current[index] = element)}
              id={tabId(index)}
              type="button"
              role="tab"
              className={selected ? 'w-tabs__tab w-tabs__tab--active' : 'w-tabs__tab'}
              aria-selected={selected}
              aria-controls={panelId(index)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              style={
                selected && props.activeColor
                  ? { ...accentText(props.activeColor), borderColor: props.activeColor }
                  : undefined
              }
            >
              {tab.title}
              {tab.badge ? <span className="w-tabs__badge">{tab.badge}</span> : null}
            </button>
          );
        })}
      </div>
      {props.tabs.map((_, index) => (
        <div
          key={index}
          id={panelId(index)}
          role="tabpanel"
          aria-labelledby={tabId(index)}
          hidden={index !== active}
          className="w-tabs__panel"
          tabIndex={0}
        >
          {index === active ? (panel === undefined ? children : panel) : null}
        </div>
      ))}
    </div>
  );
}
