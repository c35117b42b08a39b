import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  nodeId: string;
  type: string;
  onError: (error: unknown, context: Record<string, unknown>) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Every node sits in one of these: a widget that throws shows a small fallback and is reported,
 * and the rest of the page renders.
 */
export class NodeErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, {
      nodeId: this.props.nodeId,
      widget: this.props.type,
      componentStack: info.componentStack ?? '',
    });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="ce-node-fallback" role="note" data-node-failed={this.props.nodeId}>
          此模块暂时无法显示
        </div>
      );
    }
    return this.props.children;
  }
}
