import { movePhoto, planPhotoUpload, type Photo } from './photos';
import { fitWithin } from './resizeImage';

const stored = (url: string): Photo => ({ kind: 'stored', url });
const fresh = (name: string): Photo => ({ kind: 'new', blob: new Blob([name], { type: 'image/jpeg' }), preview: `blob:${name}` });
const describePlan = (photos: Photo[], order: string[]) => {
  const plan = planPhotoUpload(photos, order);
  return { keep: plan.keep, upload: plan.upload.map((item) => (typeof item === 'string' ? item : 'new')) };
};

describe('photo order', () => {
  it('moves a photo one place and refuses moves off the list', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('keeps stored photos while their order is the stored one, and sends the rest as files', () => {
    const order = ['/u/a.jpg', '/u/b.jpg', '/u/c.jpg'];
    // Unchanged, or with removals: everything kept, nothing sent.
    expect(describePlan([stored('/u/a.jpg'), stored('/u/b.jpg'), stored('/u/c.jpg')], order)).toEqual({ keep: order, upload: [] });
    expect(describePlan([stored('/u/a.jpg'), stored('/u/c.jpg')], order)).toEqual({ keep: ['/u/a.jpg', '/u/c.jpg'], upload: [] });
    // New photos after the stored ones: only they are sent.
    expect(describePlan([stored('/u/a.jpg'), fresh('x')], order)).toEqual({ keep: ['/u/a.jpg'], upload: ['new'] });
    // A new photo put first: the stored ones after it are sent again, so the order holds.
    expect(describePlan([fresh('x'), stored('/u/a.jpg')], order)).toEqual({ keep: [], upload: ['new', '/u/a.jpg'] });
    // Swapped stored photos: the first stays, the one moved behind it is sent again.
    expect(describePlan([stored('/u/b.jpg'), stored('/u/a.jpg'), stored('/u/c.jpg')], order)).toEqual({
      keep: ['/u/b.jpg'],
      upload: ['/u/a.jpg', '/u/c.jpg'],
    });
    // A URL the listing does not have is never "kept".
    expect(describePlan([stored('/u/zzz.jpg')], order)).toEqual({ keep: [], upload: ['/u/zzz.jpg'] });
  });
});

describe('resizing before upload', () => {
  it('brings the longest edge down to 1600 px, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(16000, 10)).toEqual({ width: 1600, height: 1 });
  });
});
