import type {
  CareerPathway,
  Feature,
  InfoCard,
  IntegrationCard,
  Leader,
  Partner,
  Qualification,
  TrainingProgramme,
} from './types';

/** Maps the spec's marketing records onto the one card the grids render. */

export function featureCard(feature: Feature): InfoCard {
  return {
    icon: feature.icon,
    title: feature.name,
    description: feature.description,
    list: feature.benefits,
  };
}

export function integrationCard(card: IntegrationCard): InfoCard {
  return {
    title: card.name,
    badge: card.logoText,
    subtitle: card.kind,
    description: card.description,
  };
}

export function leaderCard(leader: Leader): InfoCard {
  return {
    title: leader.name,
    subtitle: leader.role,
    description: leader.background,
    listTitle: 'Expertise',
    list: leader.expertise,
  };
}

export function partnerCard(partner: Partner): InfoCard {
  return {
    title: partner.name,
    badge: partner.logo,
    subtitle: partner.type,
    description: partner.description,
  };
}

export function qualificationCard(qualification: Qualification): InfoCard {
  return {
    title: qualification.name,
    subtitle: qualification.body,
    description: qualification.description,
    facts: [{ label: 'Typical duration', value: qualification.duration }],
  };
}

export function pathwayCard(pathway: CareerPathway): InfoCard {
  return {
    title: pathway.role,
    facts: [
      { label: 'Education', value: pathway.education },
      { label: 'Progression', value: pathway.progression },
      { label: 'Salary range', value: pathway.salary },
    ],
    listTitle: 'Responsibilities',
    list: pathway.responsibilities,
  };
}

export function programmeCard(programme: TrainingProgramme): InfoCard {
  return {
    title: programme.title,
    badge: programme.duration,
    facts: [
      { label: 'Format', value: programme.format },
      { label: 'Prerequisites', value: programme.prerequisites },
      { label: 'Certification', value: programme.certification },
    ],
    listTitle: 'Outcomes',
    list: programme.outcomes,
  };
}
