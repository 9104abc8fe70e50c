import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ValidationKey } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { POSTING_NS } from '../../postingNamespace';
import en from '../../locales/en/posting.json';
import he from '../../locales/he/posting.json';
import ar from '../../locales/ar/posting.json';
import ru from '../../locales/ru/posting.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import { PhotoPicker } from './PhotoPicker';
import type { Photo } from './photos';

function Harness({ initial = [] }: { initial?: Photo[] }) {
  const [photos, setPhotos] = useState<Photo[]>(initial);
  const [error, setError] = useState<ValidationKey | undefined>();
  return (
    <PhotoPicker
      inputId="field-photos"
      photos={photos}
      onChange={setPhotos}
      error={error}
      onError={setError}
      onPreparingChange={() => undefined}
    />
  );
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
    fireEvent.change(screen.getByLabelText(ru.photos.choose), {
      target: { files: [file('notes.txt', 'text/plain'), file('photo.png', 'image/png'), file('vector.svg', 'image/svg+xml')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(commonRu.errors.unsupportedImageType);
    expect(previews()).toEqual(['blob:photo.png']);
  });

  // The choices read as one row in one grammatical form: Hebrew and Arabic name actions by nouns, Russian by
  // infinitives, and the drop hint goes on in the same form ("or dragging photos here").
  it.each([
    ['he', he, ['בחירת תמונות', 'צילום במצלמה', 'או גרירת תמונות לכאן'], ['הזזת תמונה 1 קדימה', 'הזזת תמונה 1 אחורה']],
    ['ar', ar, ['اختيار صور', 'استخدام الكاميرا', 'أو سحب الصور إلى هنا'], ['تقديم الصورة 1', 'تأخير الصورة 1']],
    ['ru', ru, ['Выбрать фото', 'Открыть камеру', 'или перетащить их сюда'], ['Поставить фото 1 раньше', 'Поставить фото 1 позже']],
  ] as const)('names its choices in one form in %s', async (language, texts, row, photoButtons) => {
    await act(() => setUpI18n(language, { [POSTING_NS]: texts }));
    render(
      <Harness
        initial={[
          { kind: 'stored', url: '/uploads/a.jpg' },
          { kind: 'stored', url: '/uploads/b.jpg' },
        ]}
      />,
    );
    const [choosePhotos, camera, drop] = row;
    expect(screen.getByLabelText(choosePhotos)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: camera })).toBeInTheDocument();
    expect(screen.getByText(drop)).toHaveClass('photo-picker__drop-hint');
    for (const name of photoButtons) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('takes dropped files like chosen ones', async () => {
    render(<Harness />);
    const zone = screen.getByText('or drop them here').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [file('dropped.gif', 'image/gif')] } });
    await waitFor(() => expect(previews()).toEqual(['blob:dropped.gif']));
  });

  it('reorders with buttons, the focus following the photo, and removes', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { kind: 'stored', url: '/u/a.jpg' },
          { kind: 'stored', url: '/u/b.jpg' },
          { kind: 'stored', url: '/u/c.jpg' },
        ]}
      />,
    );
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

describe('what the picker announces', () => {
  /** The texts of the picker's polite live regions that say something now. */
  const announced = () =>
    screen
      .getAllByRole('status')
      .map((region) => region.textContent)
      .filter(Boolean);
  const three: Photo[] = [
    { kind: 'stored', url: '/u/a.jpg' },
    { kind: 'stored', url: '/u/b.jpg' },
    { kind: 'stored', url: '/u/c.jpg' },
  ];

  it('says what was added, moved and removed, and where the photos stand', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(announced()).toEqual([]);
    choose([file('p1.jpg')]);
    await waitFor(() => expect(announced()).toEqual(['Photo added, 1 of 5']));
    choose([file('p2.jpg'), file('p3.jpg'), file('p4.jpg')]);
    await waitFor(() => expect(announced()).toEqual(['3 photos added, 4 of 5']));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(announced()).toEqual(['Photo 2 of 4 moved to position 1']);
    await user.click(screen.getByRole('button', { name: 'Move photo 3 later' }));
    expect(announced()).toEqual(['Photo 3 of 4 moved to position 4']);
    await user.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(announced()).toEqual(['Photo 4 removed, 3 photos left']);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(announced()).toEqual(['Photo 1 removed, 1 photo left']);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(announced()).toEqual(['Photo removed, no photos left']);
  });

  it('announces the same sentence again when the same change is made again', async () => {
    const user = userEvent.setup();
    render(<Harness initial={three} />);
    await user.click(screen.getByRole('button', { name: 'Move photo 2 later' }));
    const first = screen.getByText('Photo 2 of 3 moved to position 3');
    await user.click(screen.getByRole('button', { name: 'Move photo 2 later' }));
    const second = screen.getByText('Photo 2 of 3 moved to position 3');
    // A new node in the live region: screen readers announce additions, not a text that stayed.
    expect(second).not.toBe(first);
    expect(first).not.toBeInTheDocument();
  });

  it.each([
    ['he', 2, 'נוספו שתי תמונות, 2 מתוך 5', 'תמונה 2 הוסרה, נשארה תמונה אחת'],
    ['ar', 2, 'أُضيفت صورتان، وصار عدد الصور 2 من 5', 'حُذفت الصورة 2، وبقيت صورة واحدة'],
    ['ar', 4, 'أُضيفت 4 صور، وصار عدد الصور 4 من 5', 'حُذفت الصورة 2، وبقيت 3 صور'],
    ['ru', 2, 'Добавлены 2 фотографии, всего 2 из 5', 'Фото 2 удалено, осталась 1 фотография'],
    ['ru', 5, 'Добавлено 5 фотографий, всего 5 из 5', 'Фото 2 удалено, остались 4 фотографии'],
    ['he', 5, 'נוספו 5 תמונות, 5 מתוך 5', 'תמונה 2 הוסרה, נשארו 4 תמונות'],
  ] as const)('in %s, with %i photos: "%s", a move, then "%s"', async (language, count, added, removed) => {
    const texts = { he, ar, ru }[language];
    await act(() => setUpI18n(language, { [POSTING_NS]: texts }));
    const user = userEvent.setup();
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(texts.photos.choose), {
      target: { files: Array.from({ length: count }, (_, i) => file(`${language}${count}-${i}.jpg`)) },
    });
    await waitFor(() => expect(announced()).toEqual([added]));
    await user.click(screen.getByRole('button', { name: texts.photos.earlier.replace('{{n}}', '2') }));
    expect(announced()).toEqual([texts.photos.moved.replace('{{from}}', '2').replace('{{total}}', String(count)).replace('{{to}}', '1')]);
    await user.click(screen.getByRole('button', { name: texts.photos.remove.replace('{{n}}', '2') }));
    expect(announced()).toEqual([removed]);
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
