// The server's compiled message catalogs (lingui compile --typescript, from ../locales/*.po),
// one Lingui instance per language, made once per process on first use: e-mails, push texts,
// CSV headers and the PDF report all read their words through these.
import { setupI18n } from '@lingui/core';
import type { I18n, Messages } from '@lingui/core';

import type { AppLocale } from '@evenly/core';
import { messages as ar } from '../locales/ar.js';
import { messages as de } from '../locales/de.js';
import { messages as en } from '../locales/en.js';
import { messages as es } from '../locales/es.js';
import { messages as fr } from '../locales/fr.js';
import { messages as it } from '../locales/it.js';
import { messages as ja } from '../locales/ja.js';
import { messages as nl } from '../locales/nl.js';
import { messages as pl } from '../locales/pl.js';
import { messages as ptBR } from '../locales/pt-BR.js';
import { messages as tr } from '../locales/tr.js';
import { messages as zhCN } from '../locales/zh-CN.js';

/** The compiled catalog of each supported language (a message missing in one is English). */
export const CATALOGS: Readonly<Record<AppLocale, Messages>> = {
  en,
  de,
  fr,
  es,
  it,
  'pt-BR': ptBR,
  nl,
  pl,
  tr,
  ja,
  'zh-CN': zhCN,
  ar,
};

const instances = new Map<AppLocale, I18n>();

/** The Lingui instance of `locale`; each is set up once and shared (they are never switched). */
export function i18nFor(locale: AppLocale): I18n {
  let found = instances.get(locale);
  if (found === undefined) {
    found = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    instances.set(locale, found);
  }
  return found;
}
