import { CONDUCT_EMAIL_LINK, CONDUCT_PHONE_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const CODE_OF_CONDUCT: InfoSection = {
  id: 'code-of-conduct',
  title: 'Code of Conduct',
  summary: 'What we expect from everyone at CloudFest and how to get help.',
  intro: [
    {
      kind: 'paragraph',
      text: 'CloudFest brings together thousands of people from many countries, companies and backgrounds. We want everyone to be able to learn, do business and have a good time, free from harassment and discrimination. This code of conduct applies to all participants: attendees, speakers, exhibitors, partners, press, volunteers, staff and service providers, at the venue, at the partner hotels and shuttle stops, at all official evening events and in the app and our online channels.',
    },
  ],
  subsections: [
    {
      heading: 'Expected behaviour',
      blocks: [
        {
          kind: 'list',
          items: [
            'Treat everyone with respect and courtesy, whatever their gender, gender identity, sexual orientation, age, disability, appearance, ethnicity, nationality, religion, language or role in the industry.',
            'Disagree about ideas, not about people. Give speakers and other participants room to finish.',
            'Respect personal boundaries. “No” and “not now” are complete answers, and silence is not consent.',
            'Ask before you photograph or film people at close range, and respect a “no photos” lanyard.',
            'Drink responsibly at evening events, and look out for each other; if someone seems to need help, tell a member of staff.',
            'Follow the instructions of staff, security and the venue, including the house rules of Europa-Park.',
          ],
        },
      ],
    },
    {
      heading: 'Unacceptable behaviour',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Harassment in any form is not tolerated. This includes, for example:',
        },
        {
          kind: 'list',
          items: [
            'offensive or demeaning comments and jokes about any of the characteristics listed above;',
            'sexualised language, images or behaviour, and unwelcome sexual attention or physical contact;',
            'intimidation, stalking, following someone or deliberately blocking their way;',
            'photographing or recording people who have asked not to be recorded;',
            'sustained disruption of talks, workshops or other sessions;',
            'scanning badges without the holder’s agreement or misusing contact data obtained at the event;',
            'threats, violence, and encouraging or excusing any of the above.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Talks, booths and marketing material must not contain sexualised images or content that demeans any group. Exhibitors are responsible for the conduct of their booth staff and any agencies they bring.',
        },
      ],
    },
    {
      heading: 'How to report an incident',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you experience or witness behaviour that breaks this code, or if you feel unsafe, please tell us straight away. You can report anonymously, and you do not need to be sure that something “counts” before you talk to us.',
        },
        {
          kind: 'list',
          items: [
            'On site: speak to any member of staff in a CloudFest staff shirt or go to the info desk in the entrance hall. They will bring in our awareness team, which is trained to handle reports.',
            `By phone: the awareness hotline ${CONDUCT_PHONE_LINK} is staffed during the event from 07:30 until the end of the last evening event.`,
            `By e-mail: ${CONDUCT_EMAIL_LINK}, also before and after the event. Reports are read only by the awareness team.`,
            'In an emergency, call 112 (ambulance and fire brigade) or 110 (police), then inform our staff so that we can guide the emergency services to you.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We treat every report confidentially. We will listen, ask what you need, and can, for example, accompany you to a quiet room, arrange a taxi or a change of hotel room, or contact the police on your behalf. We will not take steps that identify you without your agreement, unless safety requires it.',
        },
      ],
    },
    {
      heading: 'Consequences',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Anyone asked to stop unacceptable behaviour must do so immediately. Depending on the severity, the organiser may issue a warning, remove a person from a session, an evening event or the venue, withdraw their pass and lead scanner access without refund, close an exhibitor’s booth, and exclude the person or company from future CloudFest events. Criminal offences will be reported to the police. Retaliation against anyone who reports an incident is treated as a violation of this code.',
        },
      ],
    },
  ],
};
