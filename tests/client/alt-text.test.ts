/** Text alternatives of members' pictures: their own words when given, else whose picture it is and what. */
import { describe, expect, it } from 'vitest';
import { galleryAlt } from '../../src/client/entries/components/post-gallery';
import { pictureAlt } from '../../src/client/ui/framed-avatar';

describe('picture text alternatives', () => {
  it("names a profile picture by its member", () => {
    expect(pictureAlt('Amara Lindqvist')).toBe("Amara Lindqvist's profile picture");
  });

  it("says which picture of whose entry it is when the member did not describe it", () => {
    expect(galleryAlt({ albumName: '' }, 1, 3, 'Jonas Ferreira')).toBe("Picture 2 of 3 in Jonas Ferreira's entry");
    expect(galleryAlt({ albumName: '   ' }, 0, 1, 'Jonas Ferreira')).toBe("Picture 1 of 1 in Jonas Ferreira's entry");
  });

  it("keeps the member's own description", () => {
    expect(galleryAlt({ albumName: 'Sunrise over Lisbon' }, 0, 3, 'Jonas Ferreira')).toBe('Sunrise over Lisbon');
  });
});
