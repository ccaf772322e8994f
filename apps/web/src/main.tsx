import { applyRussianValidationMessages } from '@zakupki/shared/validation-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initMetrika } from './lib/analytics';
import { initErrorReporter } from './lib/error-reporter';
import { publicConfigQuery } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { restoreSession } from './lib/session';
import { currentSession } from './lib/session-store';

// zod schemas parsed in the browser (the API contract) word their issues as the API does
applyRussianValidationMessages();
void restoreSession();

queryClient
  .fetchQuery(publicConfigQuery)
  .then((config) => {
    initErrorReporter(config.sentry_dsn, {
      environment: config.environment,
      userId: () => currentSession()?.user.id ?? null,
    });
    initMetrika(config.yandex_metrika_id);
  })
  .catch((err) => console.error('Public configuration is not available', err));

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
