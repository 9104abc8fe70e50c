import { render, screen } from '@testing-library/react';
import { Markdown } from './Markdown';

describe('Markdown', () => {
  it('renders the subset the articles use', () => {
    render(<Markdown source={'Intro line one\nline two\n\n## A heading\n\n- first **bold**\n- second\n\n1. one\n2. two'} />);
    expect(screen.getByText('Intro line one line two')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'A heading' })).toBeInTheDocument();
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('two').closest('ol')).not.toBeNull();
  });

  it('shows markup as text, never as HTML', () => {
    const { container } = render(<Markdown source={'<img src=x onerror="alert(1)"> <script>alert(2)</script>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x');
  });
});
