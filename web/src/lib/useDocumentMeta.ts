/** Sets the page title and description meta while the page shows, restoring the description after. */
import { useEffect } from 'react';

export function useDocumentMeta(title: string, description: string | null): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (description === null) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
}
