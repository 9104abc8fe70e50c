export { clearAnalyticsIdentity, flushAnalytics, hasAnalyticsConsent, storedConsent, track } from './analytics';
