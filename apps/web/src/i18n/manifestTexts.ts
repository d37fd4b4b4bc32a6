// The install texts of the web app manifest in every language (issue #32): the build writes one
// manifest per language from this table (vite.config.ts), and the page points
// `<link rel="manifest">` at its language's (manifestLink.ts), so an installed Evenly describes
// itself in the language it was installed in. Only the description is translated: the name
// "Evenly" is the same in every language. Kept apart from the catalogs because the build reads
// it, not the running app; manifestTexts.test.ts checks that every language has its line.

/** A manifest's words in one language: `lang` and `dir` as the manifest spec names them. */
export interface ManifestTexts {
  lang: string;
  dir: 'ltr' | 'rtl';
  description: string;
}

/* eslint-disable lingui/no-unlocalized-strings -- each line is written in its own language */
export const MANIFEST_TEXTS = {
  en: {
    lang: 'en',
    dir: 'ltr',
    description: 'Split shared expenses with friends and groups, to the cent.',
  },
  de: {
    lang: 'de',
    dir: 'ltr',
    description: 'Gemeinsame Ausgaben mit Freunden und Gruppen aufteilen, auf den Cent genau.',
  },
  fr: {
    lang: 'fr',
    dir: 'ltr',
    description: 'Partagez les dépenses communes avec vos amis et vos groupes, au centime près.',
  },
  es: {
    lang: 'es',
    dir: 'ltr',
    description: 'Divide los gastos compartidos con amigos y grupos, hasta el último céntimo.',
  },
  it: {
    lang: 'it',
    dir: 'ltr',
    description: 'Dividi le spese condivise con amici e gruppi, al centesimo.',
  },
  'pt-BR': {
    lang: 'pt-BR',
    dir: 'ltr',
    description: 'Divida despesas compartilhadas com amigos e grupos, até o último centavo.',
  },
  nl: {
    lang: 'nl',
    dir: 'ltr',
    description: 'Verdeel gedeelde uitgaven met vrienden en groepen, tot op de cent.',
  },
  pl: {
    lang: 'pl',
    dir: 'ltr',
    description: 'Dziel wspólne wydatki ze znajomymi i w grupach, co do grosza.',
  },
  tr: {
    lang: 'tr',
    dir: 'ltr',
    description: 'Ortak harcamaları arkadaşlarınla ve gruplarınla kuruşu kuruşuna paylaş.',
  },
  ja: {
    lang: 'ja',
    dir: 'ltr',
    description: '友だちやグループとの共通の支出を、1 円単位まで正確に割り勘できます。',
  },
  'zh-CN': {
    lang: 'zh-CN',
    dir: 'ltr',
    description: '与朋友和群组分摊共同开支，精确到分。',
  },
  ar: {
    lang: 'ar',
    dir: 'rtl',
    description: 'قسّم المصاريف المشتركة مع الأصدقاء والمجموعات بدقة حتى آخر سنت.',
  },
} as const satisfies Record<string, ManifestTexts>;
/* eslint-enable lingui/no-unlocalized-strings */
