import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Editor({ dirty }: { dirty: boolean }) {
  const guard = useUnsavedChangesGuard(dirty);
  return (
    <>
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

function renderEditor(dirty: boolean) {
  return render(
    <MemoryRouter initialEntries={['/editor']}>
      <Routes>
        <Route path="/editor" element={<Editor dirty={dirty} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A beforeunload event as the browser sends it; answers whether the page asked to stay. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard', () => {
  it('with nothing unsaved, lets links and unloading go without asking', () => {
    renderEditor(false);
    expect(unloadAsks()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('with unsaved changes, asks before a link: Stay keeps the page, Leave goes on', () => {
    renderEditor(true);
    expect(unloadAsks()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Stay' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Elsewhere page' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    act(() => screen.getByRole('button', { name: 'Leave' }).click());
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('stops asking once the page is gone or the changes are saved', () => {
    const { rerender, unmount } = renderEditor(true);
    rerender(
      <MemoryRouter initialEntries={['/editor']}>
        <Routes>
          <Route path="/editor" element={<Editor dirty={false} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(unloadAsks()).toBe(false);
    unmount();
    expect(unloadAsks()).toBe(false);
  });
});
