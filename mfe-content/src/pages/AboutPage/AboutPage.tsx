import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function AboutPage() {
  return <ArticlePage page="about" />;
}
