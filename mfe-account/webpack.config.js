const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_account',
  port: 3005,
  exposes: {
    './LoginPage': './src/pages/LoginPage/LoginPage.tsx',
    './AuthCallbackPage': './src/pages/AuthCallbackPage/AuthCallbackPage.tsx',
    './MyPostedJobsPage': './src/pages/MyPostedJobsPage/MyPostedJobsPage.tsx',
    './SettingsPage': './src/pages/SettingsPage/SettingsPage.tsx',
    './ModerationPage': './src/pages/ModerationPage/ModerationPage.tsx',
    './UnsubscribePage': './src/pages/UnsubscribePage/UnsubscribePage.tsx',
  },
});
