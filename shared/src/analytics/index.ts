export { clearAnalyticsIdentity, flushAnalytics, hasAnalyticsConsent, track } from './analytics';
