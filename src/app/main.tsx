import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeLoaders } from 'virtual:campaign-routes';
import { maybeLoadDebugConsole } from '../ui/debug-console';
import { UiHost } from '../ui/ui-host';
import { createWidgetRegistry } from '../../widgets/client';
import { App } from './app';
import { createBrowserServices } from './browser-services';

const { services, ui } = createBrowserServices();
void maybeLoadDebugConsole(services.navigation.query());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <App
      services={services}
      registry={createWidgetRegistry()}
      routes={routeLoaders}
      overlay={<UiHost controller={ui} />}
    />
  </StrictMode>,
);
