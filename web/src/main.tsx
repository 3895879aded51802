import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { Toaster } from './components/Toaster.tsx';
import { setUnauthorizedListener } from './lib/api.ts';
import { queryClient } from './lib/queryClient.ts';
import { SESSION_KEY, watchPendingSignOut } from './lib/session.ts';
import './theme.css';
import './styles.css';
import './layout.css';

// A call refused for lack of a session (ended, expired, account disabled) re-checks the session.
setUnauthorizedListener(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }));
// A sign-out made offline ends the session on the server as soon as the connection returns.
watchPendingSignOut(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
