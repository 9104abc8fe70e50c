import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@tasko/shared/router';
import {
  api,
  authStore,
  COOKIE_ACCEPTED,
  DEFAULT_SETTINGS,
  flushAnalytics,
  ROUTER_FUTURE,
  signOut,
  STORAGE_KEYS,
  userAtom,
  type ApiError,
  type Language,
  type Listing,
  type StoredUser,
} from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { installMockApi } from '../../../../shared/test/mockApi';
import commonEn from '../../../../shared/src/locales/en/common.json';
import commonHe from '../../../../shared/src/locales/he/common.json';
import commonAr from '../../../../shared/src/locales/ar/common.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import { POSTING_NS } from '../../postingNamespace';
import en from '../../locales/en/posting.json';
import he from '../../locales/he/posting.json';
import ar from '../../locales/ar/posting.json';
import ru from '../../locales/ru/posting.json';
import { draftKeyOf, loadDraft } from './postDraft';
import { loadPhotoDraft } from './photoDraftStore';
import type { Photo } from './photos';
import PostJobPage from './PostJobPage';

// The photos of a draft in memory, as IndexedDB keeps them in a browser (jsdom has none, and the real store
// then keeps nothing): what the form keeps, and when it lets go, can be checked.
const storedPhotoDrafts = new Map<string, unknown[]>();
jest.mock('./photoDraftStore', () => ({
  loadPhotoDraft: (key: string) => Promise.resolve(storedPhotoDrafts.get(key) ?? null),
  savePhotoDraft: (key: string, photos: Photo[]) => {
    storedPhotoDrafts.set(
      key,
      photos.map((p) => (p.kind === 'new' ? { kind: 'new', blob: p.blob } : { kind: 'stored', url: p.url })),
    );
    return Promise.resolve();
  },
  clearPhotoDraft: (key: string) => {
    storedPhotoDrafts.delete(key);
    return Promise.resolve();
  },
}));

const POSTING = { en, he, ar, ru };
const COMMON = { en: commonEn, he: commonHe, ar: commonAr, ru: commonRu };

const noa: StoredUser = {
  token: 'token-noa',
  info: { email: 'noa@example.com', name: 'Noa Cohen', ageConfirmed: true },
  settings: DEFAULT_SETTINGS,
};

const stored: Listing = {
  job_id: 42,
  jobTitle: 'Moving two armchairs',
  status: 'active',
  contact_person_name: 'Noa',
  contact_methods: ['phone', 'whatsapp'],
  phone: '0541234567',
  contact_email: 'noa@example.com',
  payment_type: 'hourly',
  offerType: 'job',
  description: 'Fourth floor, with an elevator.',
  amount: 80,
  category: 'homeServices',
  location: { city: 'Haifa', address: 'Herzl 10' },
  image_url: ['/uploads/a.jpg', '/uploads/b.jpg'],
  publisher_id: 1,
  created_at: '2026-11-20T10:00:00Z',
};

function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="elsewhere">
      {JSON.stringify({ path: location.pathname + location.search, state: location.state as unknown })}
    </output>
  );
}

function renderPage(path: string) {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <Routes>
        <Route path="/:lang/post-job" element={<PostJobPage />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
}

const whereNow = () => JSON.parse(screen.getByTestId('elsewhere').textContent ?? '{}') as { path: string; state: unknown };

async function inLanguage(language: Language) {
  await act(() => setUpI18n(language, { [POSTING_NS]: POSTING[language] }));
}

/** Everything the schema requires, typed as a person would. */
async function fillValidJob(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title (required)'), 'Moving two armchairs');
  await user.type(screen.getByLabelText('Description (required)'), 'Fourth floor, with an elevator.');
  await user.selectOptions(screen.getByLabelText('Category (required)'), 'homeServices');
  await user.type(screen.getByLabelText('Amount in ₪ (required)'), '250');
  await user.type(screen.getByRole('combobox', { name: 'City (required)' }), 'Haifa');
  await user.type(screen.getByLabelText('Phone (required)'), '054-1234-567');
}

const jpeg = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/jpeg' });

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let objectUrls = 0;
beforeAll(() => {
  // jsdom has no object URLs; the previews only need distinct strings.
  URL.createObjectURL = jest.fn(() => `blob:preview-${(objectUrls += 1)}`);
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  jest.restoreAllMocks();
  signOut();
  localStorage.clear();
  storedPhotoDrafts.clear();
  jest.spyOn(api, 'places').mockResolvedValue([]);
});

describe('signed out', () => {
  it('asks to log in, with a link that carries the intent and comes back to the form', async () => {
    await inLanguage('en');
    renderPage('/en/post-job?offerType=service');
    expect(screen.getByRole('heading', { name: 'Login required to post a new job' })).toBeInTheDocument();
    expect(screen.getByText('You need to log in in order to post a new job.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(whereNow()).toEqual({
      path: '/en/login?intent=post_service',
      state: { intent: 'post_service', redirectTo: '/en/post-job?offerType=service' },
    });
  });

  it('sends an edit link through sign-in and back to the same listing, in Hebrew', async () => {
    await inLanguage('he');
    renderPage('/he/post-job?edit=42');
    expect(screen.getByRole('heading', { name: he.loginRequired.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: he.loginRequired.action }));
    expect(whereNow()).toEqual({ path: '/he/login', state: { redirectTo: '/he/post-job?edit=42' } });
  });
});

describe('the form’s messages', () => {
  it.each(['en', 'he', 'ar', 'ru'] as const)(
    'in %s: an empty submit shows every required message and focuses the first field; bad amounts are refused',
    async (language) => {
      await inLanguage(language);
      authStore.set(userAtom, noa);
      const user = userEvent.setup();
      const create = jest.spyOn(api, 'createJob');
      renderPage(`/${language}/post-job`);
      const texts = POSTING[language];
      const errors = COMMON[language].errors;
      expect(screen.getByRole('heading', { name: texts.create.jobTitle })).toBeInTheDocument();
      await user.clear(screen.getByLabelText(texts.fields.contactPersonName));
      await user.click(screen.getByRole('button', { name: texts.publish }));
      for (const key of [
        'titleRequired',
        'descriptionRequired',
        'categoryRequired',
        'amountInvalid',
        'locationRequired',
        'contactNameRequired',
        'phoneInvalid',
      ] as const) {
        expect(screen.getByText(errors[key])).toBeInTheDocument();
      }
      const title = screen.getByLabelText(texts.fields.jobTitle);
      expect(title).toHaveAttribute('aria-required', 'true');
      expect(title).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(title);
      expect(title).toHaveAccessibleDescription(expect.stringContaining(errors.titleRequired));
      expect(screen.getByLabelText(texts.fields.description)).toHaveAccessibleDescription(
        expect.stringContaining(errors.descriptionRequired),
      );
      expect(create).not.toHaveBeenCalled();

      const amount = screen.getByLabelText(texts.fields.amount);
      for (const refused of ['12345', '12.5']) {
        await user.clear(amount);
        await user.type(amount, refused);
        expect(screen.getByText(errors.amountTooLong)).toBeInTheDocument();
      }
      await user.clear(amount);
      await user.type(amount, '1234');
      expect(screen.queryByText(errors.amountTooLong)).toBeNull();
      expect(screen.queryByText(errors.amountInvalid)).toBeNull();
    },
  );

  it.each([
    ['en', 'עבודה בגינה', 'he'],
    ['he', 'Garden work', 'en'],
    ['ar', 'Уборка в саду', 'ru'],
    ['ru', 'عمل في الحديقة', 'ar'],
  ] as const)(
    'in %s: the listing’s language starts as the page’s, and says it was set from the text only once it was',
    async (language, title, detected) => {
      await inLanguage(language);
      authStore.set(userAtom, noa);
      const user = userEvent.setup();
      renderPage(`/${language}/post-job`);
      const texts = POSTING[language];
      const select = screen.getByLabelText(texts.fields.language);
      expect(select).toHaveValue(language);
      expect(select).toHaveAccessibleDescription(texts.languageChosen);
      // Digits have no language: still the page's, still not "set from what you wrote".
      await user.type(screen.getByLabelText(texts.fields.jobTitle), '2 ');
      expect(select).toHaveValue(language);
      expect(select).toHaveAccessibleDescription(texts.languageChosen);
      await user.type(screen.getByLabelText(texts.fields.jobTitle), title);
      expect(select).toHaveValue(detected);
      expect(select).toHaveAccessibleDescription(texts.languageDetected);
    },
  );

  it('checks a field as the user leaves it, not before', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    renderPage('/en/post-job');
    const phone = screen.getByLabelText('Phone (required)');
    await user.type(phone, '12345');
    expect(screen.queryByText('Valid phone number required.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Valid phone number required.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);
    await user.type(phone, '054-1234-567');
    expect(screen.queryByText('Valid phone number required.')).toBeNull();

    // Email contact needs an address; no way of contact at all is a choice (reached only through the site).
    await user.clear(screen.getByLabelText('Contact email'));
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.tab();
    expect(screen.getByText('Enter an email address to be contacted by email.')).toBeInTheDocument();
    for (const name of ['Call', 'WhatsApp', 'Email']) await user.click(screen.getByRole('checkbox', { name }));
    await user.tab();
    expect(screen.queryByText('Enter an email address to be contacted by email.')).toBeNull();
    expect(screen.queryByText(commonEn.errors.contactMethodRequired)).toBeNull();
  });

  it('refuses a title of spaces as the user leaves it, and forgets the message once there is one', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    renderPage('/en/post-job');
    const title = screen.getByLabelText('Title (required)');
    await user.type(title, '   ');
    await user.tab();
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Title is required.'));
    await user.type(title, 'Sofa');
    expect(screen.queryByText('Title is required.')).toBeNull();
  });

  it('refuses a pasted title holding a character no field may keep, in the reader’s language (docs/security.md, "Text members write")', async () => {
    await inLanguage('he');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    renderPage('/he/post-job');
    const title = screen.getByLabelText(he.fields.jobTitle);
    await user.click(title);
    await user.paste('הובלת ספה\u0000');
    await user.tab();
    expect(screen.getByText(commonHe.errors.invalidCharacters)).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining(commonHe.errors.invalidCharacters));
  });

  it('counts the characters of the title and the description', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await user.type(screen.getByLabelText('Title (required)'), 'Sofa!');
    expect(screen.getByText('5 / 80')).toBeInTheDocument();
    expect(screen.getByLabelText('Title (required)')).toHaveAccessibleDescription('5 of 80 characters used');
    expect(screen.getByText('0 / 1000')).toBeInTheDocument();
    expect(screen.getByLabelText('Title (required)')).toHaveAttribute('maxLength', '80');
  });
});

describe('publishing', () => {
  it('sends the multipart payload once, says so, logs it, forgets the draft and opens the listing', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
    const sendEvents = jest.spyOn(api, 'sendEvents').mockResolvedValue(undefined);
    const answer = deferred<Listing>();
    const create = jest.spyOn(api, 'createJob').mockReturnValue(answer.promise);
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=job');
    await fillValidJob(user);
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.upload(screen.getByLabelText('Choose photos'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    expect(loadDraft(draftKeyOf('noa@example.com'))?.description).toBe('Fourth floor, with an elevator.');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const busy = screen.getByRole('button', { name: 'Publishing…' });
    // Busy but focusable, so the focus does not fall to <body>; pressing it again sends nothing.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(document.activeElement).toBe(busy);
    await user.click(busy);
    expect(create).toHaveBeenCalledTimes(1);

    const payload = create.mock.calls[0]?.[0] as FormData;
    expect(Object.fromEntries([...payload.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      jobTitle: 'Moving two armchairs',
      description: 'Fourth floor, with an elevator.',
      category: 'homeServices',
      paymentType: 'fixed',
      amount: '250',
      contactPersonName: 'Noa Cohen',
      phone: '054-1234-567',
      contactEmail: 'noa@example.com',
      offerType: 'job',
      language: 'en',
      location: JSON.stringify({ city: 'Haifa', address: '' }),
      contactMethods: JSON.stringify(['phone', 'whatsapp', 'email']),
    });
    expect(payload.getAll('photos').map((f) => (f as File).name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    expect(payload.has('keepImages')).toBe(false);

    await act(async () => answer.resolve({ ...stored, job_id: 77 }));
    expect(screen.getByText('Job published successfully!')).toBeInTheDocument();
    expect(loadDraft(draftKeyOf('noa@example.com'))).toBeNull();
    await flushAnalytics();
    expect(
      sendEvents.mock.calls
        .flatMap(([events]) => events)
        .filter((e) => e.name === 'publish')
        .map((e) => e.props),
    ).toEqual([{ offerType: 'job', category: 'homeServices' }]);
    await waitFor(() => expect(whereNow().path).toBe('/en/job/77'));
    // The listing's page says it was published: the message here went away with the form.
    expect(whereNow().state).toEqual({ listingOutcome: 'published' });
  });

  it('publishes with no contact option checked, the hint saying people then reach the poster only through Tasko', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const create = jest.spyOn(api, 'createJob').mockResolvedValue({ ...stored, job_id: 78, contact_methods: [] });
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=job');
    await fillValidJob(user);
    const choices = screen.getByRole('group', { name: 'How can people reach you?' });
    expect(choices).toHaveAccessibleDescription(
      'With none checked, people can reach you only through Tasko, and your phone number is never shown.',
    );
    for (const name of ['Call', 'WhatsApp']) await user.click(within(choices).getByRole('checkbox', { name }));
    expect(within(choices).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.queryByText(commonEn.errors.contactMethodRequired)).toBeNull();
    expect(create).toHaveBeenCalledTimes(1);
    expect((create.mock.calls[0]?.[0] as FormData).get('contactMethods')).toBe('[]');
    expect(await screen.findByText('Job published successfully!')).toBeInTheDocument();
  });

  it.each(['he', 'ar', 'ru'] as const)('in %s, says what no contact option means in words of its own', async (language) => {
    await inLanguage(language);
    authStore.set(userAtom, noa);
    renderPage(`/${language}/post-job?offerType=job`);
    const choices = screen.getByRole('group', { name: POSTING[language].fields.contactMethods });
    expect(choices).toHaveAccessibleDescription(POSTING[language].contactMethodsHint);
    expect(POSTING[language].contactMethodsHint).not.toBe(en.contactMethodsHint);
  });

  it('stores the chosen place by its id and the language the listing is written in', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'places').mockResolvedValue([{ id: 294801, name: 'Haifa', lat: 32.82, lon: 34.99 }]);
    const create = jest.spyOn(api, 'createJob').mockResolvedValue({ ...stored, job_id: 78 });
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=job');
    const language = screen.getByLabelText('Language of the listing');
    // Follows the script of what is typed, until the poster chooses; before anything is typed, the page's.
    expect(language).toHaveValue('en');
    await user.type(screen.getByLabelText('Title (required)'), 'Перевезти два кресла');
    expect(language).toHaveValue('ru');
    expect(language).toHaveAccessibleDescription('Set from what you wrote. Change it if it is wrong.');
    await user.selectOptions(language, 'en');
    await user.type(screen.getByLabelText('Description (required)'), 'Четвёртый этаж, есть лифт.');
    expect(language).toHaveValue('en');
    await user.selectOptions(screen.getByLabelText('Category (required)'), 'homeServices');
    await user.type(screen.getByLabelText('Amount in ₪ (required)'), '250');
    await user.type(screen.getByLabelText('Phone (required)'), '054-1234-567');
    const city = screen.getByRole('combobox', { name: 'City (required)' });
    await user.type(city, 'Hai');
    await user.click(await screen.findByRole('option', { name: 'Haifa' }));
    expect(city).toHaveValue('Haifa');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const payload = create.mock.calls[0]?.[0] as FormData;
    expect(JSON.parse(payload.get('location') as string)).toEqual({ city: 'Haifa', address: '', placeId: 294801 });
    expect(payload.get('language')).toBe('en');
  });

  it('forgets the chosen place once the city is typed again', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'places').mockResolvedValue([{ id: 294801, name: 'Haifa', lat: 32.82, lon: 34.99 }]);
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=job');
    const city = screen.getByRole('combobox', { name: 'City (required)' });
    await user.type(city, 'Hai');
    await user.click(await screen.findByRole('option', { name: 'Haifa' }));
    expect(loadDraft(draftKeyOf('noa@example.com'))).toMatchObject({ city: 'Haifa', placeId: 294801 });
    await user.type(city, ' Bay');
    expect(loadDraft(draftKeyOf('noa@example.com'))).toMatchObject({ city: 'Haifa Bay', placeId: 0 });
  });

  it('keeps the form and the draft intact when publishing fails, and tries again from the message', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const create = jest
      .spyOn(api, 'createJob')
      .mockRejectedValueOnce({ statusCode: 500, messageKey: 'serverError' })
      .mockResolvedValueOnce({ ...stored, job_id: 79 });
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=service');
    expect(screen.getByRole('heading', { name: 'Offer a service' })).toBeInTheDocument();
    await fillValidJob(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to publish job. Please try again. There was a problem with the server. Please try again in a few minutes. Everything you entered is still here.',
    );
    expect(screen.getByLabelText('Description (required)')).toHaveValue('Fourth floor, with an elevator.');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(loadDraft(draftKeyOf('noa@example.com'))?.amount).toBe('250');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(document.activeElement).toBe(retry));

    await user.click(retry);
    expect(await screen.findByText('Service published successfully!')).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(2);
    expect((create.mock.calls[1]?.[0] as FormData).get('description')).toBe('Fourth floor, with an elevator.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not offer to try again what the poster must fix', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'createJob').mockRejectedValue({ statusCode: 413, messageKey: 'payloadTooLarge' });
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await fillValidJob(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to publish job. Please try again. What you sent is too large.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the server’s field errors on their fields and focuses the first', async () => {
    await inLanguage('ru');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'createJob').mockRejectedValue({
      statusCode: 415,
      messageKey: 'unsupportedImageType',
      fields: { phone: 'phoneInvalid', photos: 'unsupportedImageType' },
    });
    const user = userEvent.setup();
    renderPage('/ru/post-job');
    await user.type(screen.getByLabelText(ru.fields.jobTitle), 'Диван');
    await user.type(screen.getByLabelText(ru.fields.description), 'Перевезти диван');
    await user.selectOptions(screen.getByLabelText(ru.fields.category), 'homeServices');
    await user.type(screen.getByLabelText(ru.fields.amount), '300');
    await user.type(screen.getByRole('combobox', { name: ru.fields.city }), 'Хайфа');
    await user.type(screen.getByLabelText(ru.fields.phone), '054-1234-567');
    await user.click(screen.getByRole('button', { name: ru.publish }));
    expect(await screen.findByText(commonRu.errors.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(commonRu.errors.unsupportedImageType)).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText(ru.fields.phone));
    expect(screen.getByText(ru.failed, { exact: false })).toBeInTheDocument();
  });

  it('says a blocked user is blocked, not "try again"', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'createJob').mockRejectedValue({ statusCode: 403, messageKey: 'userBlocked' });
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await fillValidJob(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(commonEn.errors.userBlocked);
    expect(screen.queryByText('Failed to publish job. Please try again.')).toBeNull();
  });

  it('writes the draft back after an expired session signs the user out', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'createJob').mockImplementation(async () => {
      // What the shell does on a 401: sign out, which empties local storage.
      signOut();
      const expired: ApiError = { statusCode: 401, messageKey: 'unauthorized' };
      throw expired;
    });
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await fillValidJob(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { name: 'Login required to post a new job' })).toBeInTheDocument();
    await waitFor(() => expect(loadDraft(draftKeyOf('noa@example.com'))?.description).toBe('Fourth floor, with an elevator.'));
  });
});

const deliver = (event: () => void) => act(async () => event());

describe('publishing with photos shows its progress', () => {
  // The page's own API client sends the listing, to the API mocked at axios's adapter and held there, so these
  // tests see the progress, the abort and the errors as a person would; each event is delivered inside act().
  const server = installMockApi();
  beforeEach(() => server.answerWith('hold'));
  /** The `number`th listing sent in this test, once it has left. */
  const sentListing = (number: number) => act(() => server.held(number));

  /** The form filled in and two photos chosen, in English. */
  async function readyToPublish() {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    renderPage('/en/post-job?offerType=job');
    await fillValidJob(user);
    await user.upload(screen.getByLabelText('Choose photos'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    return user;
  }
  const words = () => document.getElementById('publish-progress-words');

  it('says the bytes sent and what is happening, announces quarters, keeps everything when the connection drops, and publishes on Try again', async () => {
    const user = await readyToPublish();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const first = await sentListing(1);
    expect([first.method, first.url]).toEqual(['POST', '/api/v1/jobs']);
    expect(((first.body as FormData).getAll('photos') as File[]).map((f) => f.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    expect(words()).toHaveAttribute('role', 'status');
    expect(words()).toHaveTextContent('Sending photos…');

    act(() => first.progress(1_200_000, 4_800_000));
    const bar = screen.getByRole('progressbar', { name: 'Sending photos… 25% sent' });
    expect(bar).toHaveAttribute('value', '1200000');
    expect(bar).toHaveAttribute('max', '4800000');
    expect(bar).toHaveAccessibleDescription('1.2 of 4.8 MB');
    expect(screen.getByText('1.2 of 4.8 MB')).toBeInTheDocument();
    // Within a quarter the bytes move and the announcement does not.
    act(() => first.progress(2_000_000, 4_800_000));
    expect(screen.getByText('2.0 of 4.8 MB')).toBeInTheDocument();
    expect(words()).toHaveTextContent('Sending photos… 25% sent');
    act(() => first.progress(2_500_000, 4_800_000));
    expect(words()).toHaveTextContent('Sending photos… 50% sent');

    await deliver(() => first.drop());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The connection was lost while sending. Nothing was published. Everything you entered is still here, photos included.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(words()).toBeEmptyDOMElement();
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(document.activeElement).toBe(retry));
    expect(screen.getByLabelText('Title (required)')).toHaveValue('Moving two armchairs');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo 1', 'Photo 2']);
    expect(loadDraft(draftKeyOf('noa@example.com'))?.description).toBe('Fourth floor, with an elevator.');
    expect(await loadPhotoDraft(draftKeyOf('noa@example.com'))).toHaveLength(2);

    await user.click(retry);
    const second = await sentListing(2);
    expect(second).not.toBe(first);
    // The same submission: were the first to have arrived after all, the server answers it instead of publishing twice.
    expect(second.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    expect(((second.body as FormData).getAll('photos') as File[]).map((f) => f.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    const busy = screen.getByRole('button', { name: 'Publishing…' });
    await waitFor(() => expect(document.activeElement).toBe(busy));
    act(() => second.progress(4_800_000, 4_800_000));
    expect(words()).toHaveTextContent('Saving your listing…');
    expect(screen.getByRole('progressbar', { name: 'Saving your listing…' })).not.toHaveAttribute('value');
    expect(screen.queryByRole('button', { name: 'Stop sending' })).toBeNull();
    await deliver(() => second.answer(201, { ...stored, job_id: 80 }));
    expect(words()).toHaveTextContent('Job published successfully!');
    expect(screen.getByRole('progressbar', { name: 'Job published successfully!' })).toHaveAttribute('value', '1');
    expect(loadDraft(draftKeyOf('noa@example.com'))).toBeNull();
    expect(await loadPhotoDraft(draftKeyOf('noa@example.com'))).toBeNull();
  });

  it('stops sending on request, says so, and keeps everything', async () => {
    const user = await readyToPublish();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const upload = await sentListing(1);
    act(() => upload.progress(100_000, 4_800_000));
    await user.click(screen.getByRole('button', { name: 'Stop sending' }));
    expect(upload.isAborted).toBe(true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sending stopped. Nothing was published. Everything you entered is still here, photos included.');
    await waitFor(() => expect(document.activeElement).toBe(within(alert).getByRole('button', { name: 'Try again' })));
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(loadDraft(draftKeyOf('noa@example.com'))?.jobTitle).toBe('Moving two armchairs');
    expect(await loadPhotoDraft(draftKeyOf('noa@example.com'))).toHaveLength(2);
  });

  it('brings the photos back with the draft after a failed publication and a reload', async () => {
    const user = await readyToPublish();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const upload = await sentListing(1);
    await deliver(() => upload.answer(503, { statusCode: 503, messageKey: 'serverError' }));
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem with the server.');
    cleanup();

    renderPage('/en/post-job?offerType=job');
    expect(screen.getByText('We kept what you typed last time.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title (required)')).toHaveValue('Moving two armchairs');
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
  });

  it('says the listing may be published when the connection drops after everything was sent', async () => {
    const user = await readyToPublish();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const upload = await sentListing(1);
    act(() => upload.progress(4_800_000, 4_800_000));
    await deliver(() => upload.drop());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The connection was lost before the site answered. Your listing may already be published: check your listings before you try again.',
    );
    expect(alert).not.toHaveTextContent('Nothing was published');
    expect(within(alert).getByRole('link', { name: 'Check my listings' })).toHaveAttribute('href', '/en/my-posted-jobs');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the server’s field errors on their fields, without "Try again"', async () => {
    const user = await readyToPublish();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const upload = await sentListing(1);
    act(() => upload.progress(4_800_000, 4_800_000));
    await deliver(() => upload.answer(400, { statusCode: 400, messageKey: 'invalidRequest', fields: { phone: 'phoneInvalid' } }));
    expect(screen.getByText(commonEn.errors.phoneInvalid)).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Phone (required)'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('on an edit, says the changes were not saved, or may have been', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'getJob').mockResolvedValue(stored);
    const user = userEvent.setup();
    renderPage('/en/post-job?edit=42');
    await user.upload(await screen.findByLabelText('Choose photos'), [jpeg('c.jpg')]);
    expect(await screen.findByRole('img', { name: 'Photo 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const first = await sentListing(1);
    expect([first.method, first.url]).toEqual(['PUT', '/api/v1/jobs/42']);
    act(() => first.progress(10_000, 300_000));
    expect(screen.getByText('10 of 300 kB')).toBeInTheDocument();
    await deliver(() => first.drop());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The connection was lost while sending. Your changes were not saved. Everything you entered is still here, photos included.',
    );

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const second = await sentListing(2);
    act(() => second.progress(300_000, 300_000));
    await deliver(() => second.drop());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The connection was lost before the site answered. Your changes may already be saved: check your listings before you try again.',
    );
    expect(server.sent).toHaveLength(2);
  });

  it.each([
    ['he', '1.2 מתוך 4.8 MB'],
    ['ar', '1.2 من 4.8 م.ب'],
    ['ru', '1,2 из 4,8 МБ'],
  ] as const)('in %s: writes the bytes the language’s way (%s) and says each step', async (language, bytes) => {
    await inLanguage(language);
    authStore.set(userAtom, noa);
    const texts = POSTING[language];
    const user = userEvent.setup();
    renderPage(`/${language}/post-job`);
    await user.type(screen.getByLabelText(texts.fields.jobTitle), 'Sofa');
    await user.type(screen.getByLabelText(texts.fields.description), 'Carry a sofa');
    await user.selectOptions(screen.getByLabelText(texts.fields.category), 'homeServices');
    await user.type(screen.getByLabelText(texts.fields.amount), '200');
    await user.type(screen.getByRole('combobox', { name: texts.fields.city }), 'Haifa');
    await user.type(screen.getByLabelText(texts.fields.phone), '0541234567');
    await user.upload(screen.getByLabelText(texts.photos.choose), [jpeg('a.jpg')]);
    await user.click(screen.getByRole('button', { name: texts.publish }));
    const upload = await sentListing(1);
    act(() => upload.progress(1_200_000, 4_800_000));
    expect(screen.getByText(bytes)).toBeInTheDocument();
    expect(words()).toHaveTextContent(texts.progress.sendingPhotos);
    expect(screen.getByRole('button', { name: texts.progress.stop })).toBeInTheDocument();
    act(() => upload.progress(4_800_000, 4_800_000));
    expect(words()).toHaveTextContent(texts.progress.saving);
    await deliver(() => upload.answer(500, { statusCode: 500, messageKey: 'serverError' }));
    expect(screen.getByRole('alert')).toHaveTextContent(texts.failure.keptPhotos);
    expect(screen.getByRole('button', { name: texts.failure.retry })).toBeInTheDocument();
  });
});

describe('the age of 18', () => {
  it('asks a user who has not confirmed it, confirms it first, then publishes', async () => {
    await inLanguage('en');
    authStore.set(userAtom, { ...noa, info: { ...noa.info, ageConfirmed: false } });
    const confirmAge = jest.spyOn(api, 'confirmAge').mockResolvedValue({ ageConfirmed: true });
    const create = jest.spyOn(api, 'createJob').mockResolvedValue(stored);
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await fillValidJob(user);
    const checkbox = screen.getByRole('checkbox', { name: 'I confirm I am 18 or older' });
    expect(checkbox).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText(commonEn.errors.ageConfirmationRequired)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(checkbox));
    expect(confirmAge).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();

    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Job published successfully!')).toBeInTheDocument();
    expect(confirmAge.mock.invocationCallOrder[0]).toBeLessThan(create.mock.invocationCallOrder[0] ?? 0);
    expect(authStore.get(userAtom)?.info.ageConfirmed).toBe(true);
  });

  it('shows the checkbox when the server asks for the confirmation', async () => {
    await inLanguage('he');
    authStore.set(userAtom, { ...noa, info: { email: noa.info.email, name: noa.info.name } });
    const create = jest
      .spyOn(api, 'createJob')
      .mockRejectedValueOnce({ statusCode: 403, messageKey: 'ageConfirmationRequired' })
      .mockResolvedValueOnce(stored);
    const confirmAge = jest.spyOn(api, 'confirmAge').mockResolvedValue({ ageConfirmed: true });
    const user = userEvent.setup();
    renderPage('/he/post-job');
    expect(screen.queryByRole('checkbox', { name: he.age.confirm })).toBeNull();
    await user.type(screen.getByLabelText(he.fields.jobTitle), 'ספה');
    await user.type(screen.getByLabelText(he.fields.description), 'להעביר ספה');
    await user.selectOptions(screen.getByLabelText(he.fields.category), 'homeServices');
    await user.type(screen.getByLabelText(he.fields.amount), '200');
    await user.type(screen.getByRole('combobox', { name: he.fields.city }), 'חיפה');
    await user.type(screen.getByLabelText(he.fields.phone), '0541234567');
    await user.click(screen.getByRole('button', { name: he.publish }));
    const checkbox = await screen.findByRole('checkbox', { name: he.age.confirm });
    await waitFor(() => expect(document.activeElement).toBe(checkbox));
    expect(screen.getByText(commonHe.errors.ageConfirmationRequired)).toBeInTheDocument();
    expect(screen.queryByText(he.failed)).toBeNull();
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: he.publish }));
    expect(await screen.findByText(he.publishedJob)).toBeInTheDocument();
    expect(confirmAge).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe('drafts', () => {
  it('restores what was typed, for the same account only, until the user starts over', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const user = userEvent.setup();
    const first = renderPage('/en/post-job');
    expect(screen.queryByText('We kept what you typed last time.')).toBeNull();
    await user.type(screen.getByLabelText('Description (required)'), 'Water the plants');
    await user.type(screen.getByLabelText('Amount in ₪ (required)'), '12.5');
    first.unmount();

    // A reload, or the way back from signing in: the same form.
    const second = renderPage('/en/post-job?offerType=service');
    expect(screen.getByLabelText('Description (required)')).toHaveValue('Water the plants');
    expect(screen.getByLabelText('Amount in ₪ (required)')).toHaveValue('12.5');
    expect(screen.getByText('We kept what you typed last time.')).toBeInTheDocument();
    second.unmount();

    act(() => authStore.set(userAtom, { ...noa, info: { email: 'dana@example.com', name: 'Dana' } }));
    const other = renderPage('/en/post-job');
    expect(screen.getByLabelText('Description (required)')).toHaveValue('');
    other.unmount();

    act(() => authStore.set(userAtom, noa));
    renderPage('/en/post-job');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Description (required)')).toHaveValue('');
    expect(screen.getByLabelText('Contact person name (required)')).toHaveValue('Noa Cohen');
    expect(loadDraft(draftKeyOf('noa@example.com'))).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Title (required)'));
  });
});

describe('editing', () => {
  it('loads the owner’s listing and saves it with PUT, keeping the photos still shown', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'getJob').mockResolvedValue(stored);
    const update = jest.spyOn(api, 'updateJob').mockResolvedValue({ ...stored, jobTitle: 'Moving three armchairs' });
    const create = jest.spyOn(api, 'createJob');
    const user = userEvent.setup();
    renderPage('/en/post-job?edit=42');
    expect(await screen.findByRole('heading', { name: 'Edit your listing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (required)')).toHaveValue('054-123-4567');
    expect(screen.getByLabelText('Hourly pay in ₪ (required)')).toHaveValue('80');
    expect(screen.getByText('per hour')).toBeInTheDocument();
    const title = screen.getByLabelText('Title (required)');
    await user.clear(title);
    await user.type(title, 'Moving three armchairs');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Changes saved.');
    expect(screen.queryByText('Job published successfully!')).toBeNull();
    expect(create).not.toHaveBeenCalled();
    const [id, payload] = update.mock.calls[0] ?? [];
    expect(id).toBe(42);
    expect((payload as FormData).get('jobTitle')).toBe('Moving three armchairs');
    expect(JSON.parse((payload as FormData).get('keepImages') as string)).toEqual(['/uploads/b.jpg']);
    expect(loadDraft(draftKeyOf('noa@example.com', 42))).toBeNull();
    await waitFor(() => expect(whereNow()).toEqual({ path: '/en/job/42', state: { listingOutcome: 'saved' } }));
  });

  it.each(['en', 'he', 'ar', 'ru'] as const)('in %s: asks for a title before it saves a listing stored without one', async (language) => {
    await inLanguage(language);
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'getJob').mockResolvedValue({ ...stored, jobTitle: '' });
    const update = jest.spyOn(api, 'updateJob').mockResolvedValue({ ...stored, jobTitle: 'Two armchairs' });
    const user = userEvent.setup();
    renderPage(`/${language}/post-job?edit=42`);
    const texts = POSTING[language];
    expect(await screen.findByRole('heading', { name: texts.edit.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.save }));
    const title = screen.getByLabelText(texts.fields.jobTitle);
    expect(screen.getByText(COMMON[language].errors.titleRequired)).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(expect.stringContaining(COMMON[language].errors.titleRequired));
    expect(document.activeElement).toBe(title);
    expect(update).not.toHaveBeenCalled();

    await user.type(title, 'Two armchairs');
    await user.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.savedChanges)).toBeInTheDocument();
    expect(screen.queryByText(texts.publishedJob)).toBeNull();
    expect((update.mock.calls[0]?.[1] as FormData).get('jobTitle')).toBe('Two armchairs');
  });

  it('shows the server’s refusal of a missing title on the title field', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest
      .spyOn(api, 'createJob')
      .mockRejectedValue({ statusCode: 400, messageKey: 'invalidRequest', fields: { jobTitle: 'titleRequired' } });
    const user = userEvent.setup();
    renderPage('/en/post-job');
    await fillValidJob(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const title = screen.getByLabelText('Title (required)');
    await waitFor(() => expect(title).toHaveAccessibleDescription(expect.stringContaining('Title is required.')));
    expect(document.activeElement).toBe(title);
  });

  it.each([
    [{ ...stored, phone: undefined, contact_email: undefined }, 'You can only edit your own listings.'],
    [{ statusCode: 404, messageKey: 'jobNotFound' }, 'Job not found.'],
  ])('refuses someone else’s or an unknown listing with a message: %j', async (answer, message) => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    const getJob = jest.spyOn(api, 'getJob');
    if ('job_id' in answer) getJob.mockResolvedValue(answer);
    else getJob.mockRejectedValue(answer);
    renderPage('/en/post-job?edit=42');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my posts' })).toHaveAttribute('href', '/en/my-posted-jobs');
  });

  it('offers to try again when the listing could not be loaded', async () => {
    await inLanguage('en');
    authStore.set(userAtom, noa);
    jest.spyOn(api, 'getJob').mockRejectedValueOnce({ statusCode: 0, messageKey: 'networkError' }).mockResolvedValueOnce(stored);
    renderPage('/en/post-job?edit=42');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(commonEn.errors.networkError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Edit your listing' })).toBeInTheDocument();
  });
});
