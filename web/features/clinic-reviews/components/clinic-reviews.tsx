import { InvitationList } from './invitation-list.tsx';
import { InviteCard } from './invite-card.tsx';
import { ReviewList } from './review-list.tsx';

/**
 * The clinic's reviews page (issue 23): invite a customer after a visit, follow the invitations, and
 * read and answer the reviews. The two lists page on the server.
 */
export function ClinicReviews() {
  return (
    <div className="grid gap-10">
      <InviteCard />
      <InvitationList />
      <ReviewList />
    </div>
  );
}
