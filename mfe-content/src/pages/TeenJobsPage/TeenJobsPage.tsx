import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function TeenJobsPage() {
  return <ArticlePage page="teenJobs" listingsCta />;
}
