import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { App } from './App';
import './index.css';
import { startLocale } from './i18n/start';
import { startThemeSync } from './lib/themeStore';

// Follows the device's light or dark preference live while the choice is System.
startThemeSync();

const root = document.getElementById('root');
if (root) {
  // The first render waits for the language's public catalog (a few KB).
  void startLocale().then(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App />
        </I18nProvider>
      </StrictMode>,
    );
  });
}
