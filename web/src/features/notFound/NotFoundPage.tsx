/** Any address the app does not know (docs/product.md#not-found): says so and links home. */
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { notFoundMessages } from './messages.ts';

export default function NotFoundPage() {
  useDocumentTitle(notFoundMessages.title);
  return (
    <div className="not-found">
      <h1>{notFoundMessages.title}</h1>
      <p>{notFoundMessages.body}</p>
      <Link to="/" className="button primary">
        {notFoundMessages.home}
      </Link>
    </div>
  );
}
