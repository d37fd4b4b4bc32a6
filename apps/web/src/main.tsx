import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
<<<<<<< HEAD

export function App() {
  return (
    <main>
      <h1>Evenly</h1>
      <p>Split expenses with friends and groups, to the cent.</p>
    </main>
  );
}
=======
import { App } from './App';
import './index.css';
>>>>>>> web

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
