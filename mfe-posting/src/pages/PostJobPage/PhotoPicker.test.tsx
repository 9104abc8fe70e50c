import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ValidationKey } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { POSTING_NS } from '../../postingNamespace';
import en from '../../locales/en/posting.json';
import ru from '../../locales/ru/posting.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import { PhotoPicker } from './PhotoPicker';
import type { Photo } from './photos';

function Harness({ initial = [] }: { initial?: Photo[] }) {
  const [photos, setPhotos] = useState<Photo[]>(initial);
  const [error, setError] = useState<ValidationKey | undefined>();
  return <PhotoPicker inputId="field-photos" photos={photos} onChange={setPhotos} error={error} onError={setError} onPreparingChange={() => undefined} />;
}

const file = (name: string, type = 'image/jpeg') => new File([`bytes of ${name}`], name, { type });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Choose photos'), { target: { files } });
const previews = () => screen.queryAllByRole('img').map((img) => img.getAttribute('src'));

let urls = 0;
beforeAll(() => {
  URL.createObjectURL = jest.fn((blob: Blob) => `blob:${(blob as File).name ?? (urls += 1)}`);
  URL.revokeObjectURL = jest.fn();
});

beforeEach(async () => {
  await act(() => setUpI18n('en', { [POSTING_NS]: en }));
});

describe('PhotoPicker', () => {
  it('adds up to five photos and refuses the sixth with a message', async () => {
    render(<Harness />);
    choose([1, 2, 3, 4, 5, 6].map((n) => file(`p${n}.jpg`)));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can add up to 5 photos.');
    expect(previews()).toEqual(['blob:p1.jpg', 'blob:p2.jpg', 'blob:p3.jpg', 'blob:p4.jpg', 'blob:p5.jpg']);
    expect(screen.getByLabelText('Choose photos')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use the camera' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Chosen photos: 5 of 5' })).toBeInTheDocument();
  });

  it('refuses a file that is not a JPG, PNG or GIF, in Russian, and keeps the others', async () => {
    await act(() => setUpI18n('ru', { [POSTING_NS]: ru }));
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(ru.photos.choose), { target: { files: [file('notes.txt', 'text/plain'), file('photo.png', 'image/png'), file('vector.svg', 'image/svg+xml')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(commonRu.errors.unsupportedImageType);
    expect(previews()).toEqual(['blob:photo.png']);
  });

  it('takes dropped files like chosen ones', async () => {
    render(<Harness />);
    const zone = screen.getByText('or drop them here').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [file('dropped.gif', 'image/gif')] } });
    await waitFor(() => expect(previews()).toEqual(['blob:dropped.gif']));
  });

  it('reorders with buttons, the focus following the photo, and removes', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ kind: 'stored', url: '/u/a.jpg' }, { kind: 'stored', url: '/u/b.jpg' }, { kind: 'stored', url: '/u/c.jpg' }]} />);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
    expect(screen.getByText('Main photo')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Move photo 1 later' }).focus();
    await user.keyboard('{Enter}');
    expect(previews()).toEqual(['/u/b.jpg', '/u/a.jpg', '/u/c.jpg']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 later' }));
    await user.keyboard('{Enter}');
    expect(previews()).toEqual(['/u/b.jpg', '/u/c.jpg', '/u/a.jpg']);
    // At the end "later" is disabled: the focus goes to the photo's next usable button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 3 earlier' }));

    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(previews()).toEqual(['/u/b.jpg', '/u/c.jpg']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(previews()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('Choose photos'));
  });
});

describe('the camera', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'mediaDevices', original);
    else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  it('says "Camera not supported in this browser" where there is none, and gives the focus back', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Use the camera' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Camera not supported in this browser');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close camera' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Camera' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Use the camera' })));
  });

  it('explains a refused camera, and turns the camera off when closed before it started', async () => {
    const stop = jest.fn();
    let grant: (stream: MediaStream) => void = () => undefined;
    const getUserMedia = jest
      .fn()
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
      .mockImplementationOnce(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Use the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera could not be opened.');
    await user.click(screen.getByRole('button', { name: 'Close camera' }));

    await user.click(screen.getByRole('button', { name: 'Use the camera' }));
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close camera' }));
    await act(async () => grant({ getTracks: () => [{ stop }] } as unknown as MediaStream));
    expect(stop).toHaveBeenCalled();
  });
});
