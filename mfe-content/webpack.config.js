const { createFederatedConfig } = require('@tasko/shared/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_content',
  port: 3004,
  rules: [
    { test: /blog\d+\.md$/, type: 'javascript/auto', use: require.resolve('./build/blogArticleLoader.cjs') },
    { test: /index\.blog$/, type: 'javascript/auto', use: require.resolve('./build/blogIndexLoader.cjs') },
  ],
  exposes: {
    './TeenJobsPage': './src/pages/TeenJobsPage/TeenJobsPage.tsx',
    './TemporaryWorkPage': './src/pages/TemporaryWorkPage/TemporaryWorkPage.tsx',
    './AboutPage': './src/pages/AboutPage/AboutPage.tsx',
    './ContactPage': './src/pages/ContactPage/ContactPage.tsx',
    './FaqPage': './src/pages/FaqPage/FaqPage.tsx',
    './PrivacyPolicyPage': './src/pages/PrivacyPolicyPage/PrivacyPolicyPage.tsx',
    './EulaPage': './src/pages/EulaPage/EulaPage.tsx',
    './AiInfoPage': './src/pages/AiInfoPage/AiInfoPage.tsx',
    './BlogsPage': './src/pages/BlogsPage/BlogsPage.tsx',
    './BlogPage': './src/pages/BlogPage/BlogPage.tsx',
  },
});
