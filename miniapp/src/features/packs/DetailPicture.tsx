import { CARD_IMAGE_SIZES, PREVIEW_SIZE_PX, cardImageSrcset } from '@stickerdrop/shared';
import { fetchPriority } from '../../components/fetch-priority';
import { apiUrl } from '../../config';
import './detail-picture.css';

/**
 * The pack's big square picture at the top of the pack and edition pages: the first screen's largest paint,
 * so it is fetched first, at the width its box needs.
 */
export function DetailPicture({ imageUrl, alt }: { imageUrl: string; alt: string }) {
  const src = apiUrl(imageUrl);
  return (
    <img
      className="detail-picture"
      src={src}
      srcSet={cardImageSrcset(src)}
      sizes={CARD_IMAGE_SIZES.detail}
      alt={alt}
      width={PREVIEW_SIZE_PX}
      height={PREVIEW_SIZE_PX}
      {...fetchPriority(true)}
    />
  );
}
