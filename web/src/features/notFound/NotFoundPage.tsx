import { Link } from 'react-router-dom';
import { uiMessages } from '@caravan/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export default function NotFoundPage() {
  useDocumentTitle(uiMessages.notFound.title);
  return (
    <div className="not-found">
      <h1>{uiMessages.notFound.title}</h1>
      <p>{uiMessages.notFound.body}</p>
      <Link to="/" className="button primary">
        {uiMessages.notFound.home}
      </Link>
    </div>
  );
}
