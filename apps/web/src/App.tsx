import { BrowserRouter, useRoutes } from 'react-router';
import { BASE_PATH } from './lib/basePath';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter basename={BASE_PATH || '/'}>
      <AppRoutes />
    </BrowserRouter>
  );
}
