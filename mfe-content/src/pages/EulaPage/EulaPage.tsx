import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function EulaPage() {
  return <ArticlePage page="eula" />;
}
