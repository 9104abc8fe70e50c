import { render, screen, within } from '@testing-library/react';
import { Prose } from './Prose';

describe('Prose', () => {
  it('renders paragraphs, ## headings, - and 1. lists, and **bold** in each of them', () => {
    render(
      <Prose
        text={'Intro with **a bold word**.\n\n## A **bold** heading\n\n- first **item**\n- second\n\n1. one\n2. two\n\nLast paragraph.'}
      />,
    );
    expect(screen.getByText(/Intro with/).tagName).toBe('P');
    expect(screen.getByText('a bold word').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { level: 2, name: 'A bold heading' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('list').map((list) => list.tagName)).toEqual(['UL', 'OL']);
    const [bulleted, numbered] = screen.getAllByRole('list') as [HTMLElement, HTMLElement];
    expect(
      within(bulleted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['first item', 'second']);
    expect(within(bulleted).getByText('item').tagName).toBe('STRONG');
    expect(
      within(numbered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['one', 'two']);
    expect(screen.getByText('Last paragraph.').tagName).toBe('P');
  });

  it('keeps the lines of a paragraph one under the other', () => {
    const { container } = render(<Prose text={'Tasko Ltd.\nHaifa'} />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.childNodes).toHaveLength(3);
    expect(paragraph?.querySelector('br')).not.toBeNull();
    expect(paragraph?.textContent).toBe('Tasko Ltd.Haifa');
  });

  it('takes a line-initial "- " indented, and a heading line as the end of the block above it', () => {
    render(<Prose text={'  - indented\n  - items\n## Next\nText under it'} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['indented', 'items']);
    expect(screen.getByRole('heading', { level: 2, name: 'Next' })).toBeInTheDocument();
    expect(screen.getByText('Text under it').tagName).toBe('P');
  });

  it('keeps a paragraph whose lines are not all items as a paragraph', () => {
    render(<Prose text={'What to bring:\n- gloves'} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText(/What to bring:/).textContent).toBe('What to bring:- gloves');
  });

  it('shows markup as text, never as HTML', () => {
    const { container } = render(
      <Prose text={'<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n## <b>title</b>\n\n- **<i>x</i>**'} />,
    );
    expect(container.querySelector('img, script, b, i')).toBeNull();
    expect(container.textContent).toContain('<img src=x');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('<b>title</b>');
    expect(screen.getByText('<i>x</i>').tagName).toBe('STRONG');
  });
});
