// Unit tests of the browser packages: jsdom + Testing Library, TypeScript through swc (type-checking is
// `npm run typecheck`). API and end-to-end tests run on node's own test runner (api/, e2e/).
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

const browserProject = (name) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots: [`<rootDir>/${name}/src`],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/shared/test/styleStub.cjs',
    '^@tasko/shared$': '<rootDir>/shared/src/index.ts',
    '^@tasko/shared/(validation|domain|listing|deal|router)$': '<rootDir>/shared/src/$1/index.ts',
    '^@tasko/shared/timeAgo$': '<rootDir>/shared/src/format/timeAgo.ts',
    '^@tasko/shared/remoteData$': '<rootDir>/shared/src/remoteData/useRemoteData.ts',
    '^@tasko/shared/confirmDialog$': '<rootDir>/shared/src/ui/ConfirmDialog.tsx',
    '^@tasko/shared/reportFields$': '<rootDir>/shared/src/ui/ReportFields.tsx',
    '^@tasko/shared/ratingStars$': '<rootDir>/shared/src/deal/RatingStars.tsx',
    '^@tasko/shared/dealTexts$': '<rootDir>/shared/src/deal/dealNamespace.ts',
    '^@tasko/shared/cursorList$': '<rootDir>/shared/src/deal/cursorList.tsx',
  },
  setupFilesAfterEnv: ['<rootDir>/shared/test/setupTests.ts'],
});

const { browserPackages } = require('./shared/build/workspaces.cjs');

module.exports = { projects: browserPackages().map(browserProject) };
