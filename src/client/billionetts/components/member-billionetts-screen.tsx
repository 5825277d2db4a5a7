/**
 * /billionett/$userCode/billionetts (spec §2.9): another member's billionetts,
 * read-only and paged. When the member hides them (accessCode 106) the privacy
 * picture by their gender shows instead.
 */
import { PersonCard } from '../../ui/person-card';
import { usePagePull } from '../../ui/use-page-pull';
import { useKnownGender } from '../queries';
import { suiteHref } from './friend-panels';
import { ListPanel } from './list-panel';

export function MemberBillionettsScreen({ me, userCode }: { me: string; userCode: string }) {
  // The gender for the privacy picture: the member's layout pulls the profile too; this covers a direct visit.
  usePagePull({ kind: 'profile', userCode }, 0);
  const gender = useKnownGender(me, userCode);
  return (
    <ListPanel
      me={me}
      title="Billionetts"
      kind="friends"
      owner={userCode}
      request={(pageNo) => ({ kind: 'friends', userCode, pageNo })}
      empty="No Billionetts found..."
      reloadKey={0}
      ownerGender={gender}
      renderCard={(person) => <PersonCard key={person.userCode} person={person} href={suiteHref(person.userCode)} />}
    />
  );
}
