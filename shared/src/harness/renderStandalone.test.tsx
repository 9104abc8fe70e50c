import { act, screen } from '@testing-library/react';
import { renderStandalone } from './renderStandalone';

function FakeTasksPage() {
  return <h1>the tasks page</h1>;
}

describe('the standalone harness', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });

  it.each(['/tasks', '/en/tasks', '/ar/tasks'])('renders a page at %s, bare or under a language prefix', async (path) => {
    window.history.pushState({}, '', path);
    await act(() => renderStandalone('mfe-test', [{ routeId: 'tasks', Page: FakeTasksPage }]));
    expect(await screen.findByRole('heading', { name: 'the tasks page' })).toBeInTheDocument();
  });

  it('refuses a page that is not in the route table', async () => {
    // @ts-expect-error -- an id the route table lacks, as a caller in plain JavaScript could pass
    await expect(renderStandalone('mfe-test', [{ routeId: 'nowhere', Page: FakeTasksPage }])).rejects.toThrow('No route nowhere');
  });
});
