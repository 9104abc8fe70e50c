import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function PrivacyPolicyPage() {
  return <ArticlePage page="privacy" />;
}
