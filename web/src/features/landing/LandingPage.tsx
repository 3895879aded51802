/** / : hero, the four feature cards and the call to action. */
import { Link } from 'react-router-dom';
import { uiMessages } from '@caravan/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export default function LandingPage() {
  useDocumentTitle(uiMessages.productName);
  const text = uiMessages.landing;
  return (
    <div className="landing">
      <section className="hero">
        <h1>{text.headline}</h1>
        <p>{text.lead}</p>
        <Link to="/trips" className="button primary large">
          {text.cta}
        </Link>
      </section>
      <section className="feature-grid" aria-label="Features">
        {text.features.map((feature) => (
          <article key={feature.title} className="card feature">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
