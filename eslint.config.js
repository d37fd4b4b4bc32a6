// Flat ESLint config for the whole monorepo: strict, type-aware TypeScript rules everywhere,
// React hooks rules for the web app. Zero warnings are allowed (`npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

/**
 * Web files whose every user-visible text comes from a message catalog (issue #32): a literal
 * string a person could see is an error here. The list grows as screens are converted
 * (docs/i18n.md); the signed-in app's screens come next.
 */
const TRANSLATED_WEB_FILES = [
  'apps/web/src/i18n/**/*.{ts,tsx}',
  'apps/web/src/components/PublicLayout.tsx',
  'apps/web/src/components/ThemeToggle.tsx',
  'apps/web/src/components/Logo.tsx',
  'apps/web/src/components/Spinner.tsx',
  'apps/web/src/components/Alert.tsx',
  'apps/web/src/components/FormField.tsx',
  'apps/web/src/components/OidcSignInButton.tsx',
  'apps/web/src/components/OidcErrorAlert.tsx',
  'apps/web/src/components/MailStatusNotice.tsx',
  'apps/web/src/components/PwaUpdatePrompt.tsx',
  'apps/web/src/components/InstallGuide.tsx',
  'apps/web/src/components/RootLayout.tsx',
  'apps/web/src/components/RouteGuards.tsx',
  'apps/web/src/components/toast/*.tsx',
  'apps/web/src/components/forms/{FieldError,PasswordField,NewPasswordFields,EmailRequestForm,CharacterCountdown}.tsx',
  'apps/web/src/pages/{LandingPage,LoginPage,RegisterPage,ForgotPasswordPage,ResetPasswordPage}.tsx',
  'apps/web/src/pages/{VerifyEmailPage,ConfirmEmailPage,OidcSignInPage,UnsubscribePage,NotFoundPage}.tsx',
  'apps/web/src/lib/landingContent.ts',
  'apps/web/src/components/account/LanguageSetting.tsx',
  // #32 shell
  'apps/web/src/components/{AppLayout,BottomNav,QueryLayout,PageHeader,Modal,ConfirmDialog}.tsx',
  'apps/web/src/components/{Avatar,BalanceText,OverallBalance,RemindButton,Skeleton}.tsx',
  'apps/web/src/components/{icons,iconsBase}.tsx',
  'apps/web/src/components/layout/*.{ts,tsx}',
  'apps/web/src/components/forms/SubmitError.tsx',
  'apps/web/src/components/friends/*.{ts,tsx}',
  'apps/web/src/offline/{OfflineStatus.tsx,PendingEntries.tsx,describe.ts}',
  'apps/web/src/pages/{FriendsPage,FriendDetailPage,AddFriendPage,AppNotFoundPage}.tsx',
  'apps/web/src/lib/balanceScreens.ts',
  'apps/web/src/hooks/useDocumentTitle.ts',
  // #32 account
  'apps/web/src/components/account/*.tsx',
  'apps/web/src/components/admin/*.{ts,tsx}',
  'apps/web/src/components/{ChangePasswordModal,HomeCurrencySetting,TimeZoneSetting}.tsx',
  'apps/web/src/components/{PushDeviceToggle,NotificationBell}.tsx',
  'apps/web/src/components/export/*.tsx',
  'apps/web/src/pages/{AccountPage,AdminPage,ApiTokensPage,HelpPage}.tsx',
  'apps/web/src/pages/{NotificationSettingsPage,NotificationsPage}.tsx',
  'apps/web/src/hooks/usePushDevice.ts',
  'apps/web/src/lib/appErrors.ts',
  // #32 expenses
  'apps/web/src/components/{expense,currency,settle,pay}/*.{ts,tsx}',
  'apps/web/src/components/{qr/QrImage,activity/ActivityParts}.tsx',
  'apps/web/src/pages/{ActivityPage,AddExpensePage,NewExpensePage,SettleUpPage,SearchPage}.tsx',
  'apps/web/src/lib/{activityText,expenseForm,expenseProblems,recurrence,receiptDate,dates}.ts',
  'apps/web/src/lib/{itemSplit,seriesActions,conversion,split,settleUp,expenseSearch,submitError}.ts',
  'apps/web/src/hooks/{useUndoToast,useSubmitFailure}.ts',
  // #32 groups
  'apps/web/src/components/groups/*.tsx',
  'apps/web/src/components/settings/{CoverSection,ExportGroupSection,GroupNameForm,GuestModals,InviteLinkSection,QrCode,SettingsMembers,SettingsSection,SimplifyDebtsSwitch,TripReportDialog}.tsx',
  'apps/web/src/pages/{GroupsPage,GroupDetailPage,GroupSettingsPage,JoinPage,GroupChartsPage,MyChartsPage,ImportGroupPage}.tsx',
  'apps/web/src/components/charts/*.tsx',
  'apps/web/src/components/category/*.tsx',
  'apps/web/src/components/import/ImportProblem.tsx',
  'apps/web/src/lib/{groupConfirms,groupFilters,groupCover,categories,trip-report,importGroup}.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/drizzle/**',
      '**/dev-dist/**',
      // compiled message catalogs (lingui compile)
      'apps/web/src/locales/**',
      'apps/api/src/locales/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
    },
  },
  {
    files: TRANSLATED_WEB_FILES,
    ignores: ['**/*.test.*'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Not words a person reads: class lists, paths, keys, codes, identifiers.
          ignore: ['^[a-z0-9:/_.\\[\\]()%&#=?@*-]+( [a-z0-9:/_.\\[\\]()%&#=?@*-]+)*$', '^[A-Z_]+$'],
          ignoreNames: [
            { regex: { pattern: 'className|ClassName|^[A-Z_]+$|Path$|Key$|Id$' } },
            'to',
            'href',
            'src',
            'type',
            'name',
            'autoComplete',
            'rel',
            'target',
            'role',
            'kind',
            'status',
            'lang',
            'dir',
            'translate',
            'key',
            'id',
            'loading',
            'decoding',
            'fill',
            'viewBox',
            'd',
          ],
          ignoreFunctions: [
            'console.*',
            '*.get',
            '*.has',
            '*.set',
            '*.delete',
            '*.querySelector',
            '*.querySelector*',
            'navigate',
            'encodeURIComponent',
            'lazy',
            'import',
            'Error',
            'setState',
            'useState',
            'api',
            'register',
            '*.startsWith',
          ],
          ignoreMethodsOnTypes: [],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
);
