import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function AiInfoPage() {
  return <ArticlePage page="aiInfo" />;
}
