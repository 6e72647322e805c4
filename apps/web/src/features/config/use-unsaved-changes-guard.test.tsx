import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockingHashRouter } from '../../lib/blocking-router';
import { currentRoute } from '../../test/test-utils';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Editor({ dirty }: { dirty: boolean }) {
  const guard = useUnsavedChangesGuard(dirty);
  return (
    <>
      <h1>Editor page</h1>
      <Link to="/elsewhere">Elsewhere</Link>
      {guard.asking && (
        <div role="dialog" aria-label="Leave?">
          <button onClick={guard.stay}>Stay</button>
          <button onClick={guard.leave}>Leave</button>
        </div>
      )}
    </>
  );
}

function App({ dirty }: { dirty: boolean }) {
  return (
    <BlockingHashRouter>
      <Routes>
        <Route path="/start" element={<Link to="/editor">Open editor</Link>} />
        <Route path="/editor" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
      </Routes>
    </BlockingHashRouter>
  );
}

/** The app at /editor, reached from /start by a link, so the browser's Back has somewhere to go. */
async function renderEditor(dirty: boolean) {
  window.location.hash = '#/start';
  const view = render(<App dirty={dirty} />);
  fireEvent.click(screen.getByRole('link', { name: 'Open editor' }));
  await screen.findByRole('heading', { name: 'Editor page' });
  return view;
}

/** A beforeunload event as the browser sends it; answers whether the page asked to stay. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  window.location.hash = '';
});

describe('useUnsavedChangesGuard', () => {
  it('with nothing unsaved, lets links, Back and unloading go without asking', async () => {
    await renderEditor(false);
    expect(unloadAsks()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/elsewhere');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Editor page' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/editor');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with unsaved changes, asks before a link: Stay keeps the page, Leave goes on', async () => {
    await renderEditor(true);
    expect(unloadAsks()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editor page' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/editor');

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    act(() => screen.getByRole('button', { name: 'Leave' }).click());
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/elsewhere');
  });

  it("with unsaved changes, asks before the browser's Back: Stay keeps the page and its address", async () => {
    await renderEditor(true);
    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    // The address went back with the button; the guard put it forward again.
    await waitFor(() => expect(currentRoute()).toBe('/editor'));
    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editor page' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/editor');

    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Leave?' });
    await waitFor(() => expect(currentRoute()).toBe('/editor'));
    act(() => screen.getByRole('button', { name: 'Leave' }).click());
    expect(await screen.findByRole('link', { name: 'Open editor' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/start');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops asking once the page is gone or the changes are saved', async () => {
    const { rerender, unmount } = await renderEditor(true);
    rerender(<App dirty={false} />);
    expect(unloadAsks()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    expect(unloadAsks()).toBe(false);
  });
});
