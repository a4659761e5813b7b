/** The site owner's console (issue 28): mounted at /admin on the widgets origin. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from './app/store';
import { BASENAME, routes } from './routes';
import './styles.css';

const router = createBrowserRouter(routes, { basename: BASENAME });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
