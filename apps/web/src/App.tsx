import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
