import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function TemporaryWorkPage() {
  return <ArticlePage page="temporaryWork" listingsCta />;
}
