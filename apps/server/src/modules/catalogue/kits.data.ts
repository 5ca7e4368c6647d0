import type { kitsResponseSchema } from '@tinkercloud/shared';
import type { z } from 'zod';

type Kit = z.infer<typeof kitsResponseSchema>['kits'][number];

const wiki = (page: string) => `https://en.wikipedia.org/wiki/${page}`;

/**
 * The seeded kit and course catalogue of the Courses page (edu spaces and My Cloud). Each course links to
 * public reading on its subject; a deployment with its own course material replaces this list.
 */
export const KITS: readonly Kit[] = [
  {
    id: 'iot-starter',
    name: 'IoT Starter Kit',
    description: 'A Wi-Fi board, sensors and a relay: build connected things from the first lesson.',
    courses: [
      { id: 'iot-starter-1', title: 'What is the Internet of Things?', url: wiki('Internet_of_things') },
      { id: 'iot-starter-2', title: 'Reading a temperature sensor', url: wiki('Thermistor') },
      { id: 'iot-starter-3', title: 'Messages over MQTT', url: wiki('MQTT') },
      { id: 'iot-starter-4', title: 'A dashboard for your greenhouse', url: wiki('Greenhouse') },
    ],
  },
  {
    id: 'science-lab',
    name: 'Science Lab Kit',
    description: 'Measure motion, light and sound in physics experiments and plot the data live.',
    courses: [
      { id: 'science-lab-1', title: 'Motion and acceleration', url: wiki('Accelerometer') },
      { id: 'science-lab-2', title: 'Light and the photoresistor', url: wiki('Photoresistor') },
      { id: 'science-lab-3', title: 'Sound waves', url: wiki('Sound') },
    ],
  },
  {
    id: 'robotics',
    name: 'Robotics Kit',
    description: 'Motors, distance sensors and a chassis: program a robot that finds its way.',
    courses: [
      { id: 'robotics-1', title: 'Driving DC motors', url: wiki('DC_motor') },
      { id: 'robotics-2', title: 'Servos and angles', url: wiki('Servomotor') },
      { id: 'robotics-3', title: 'Measuring distance with ultrasound', url: wiki('Ultrasonic_transducer') },
      { id: 'robotics-4', title: 'Following a line', url: wiki('Line_following_robot') },
    ],
  },
  {
    id: 'smart-home',
    name: 'Smart Home Kit',
    description: 'Buttons, lights and a motion sensor to automate a model house with triggers.',
    courses: [
      { id: 'smart-home-1', title: 'Home automation basics', url: wiki('Home_automation') },
      { id: 'smart-home-2', title: 'Detecting motion with PIR', url: wiki('Passive_infrared_sensor') },
      { id: 'smart-home-3', title: 'Switching mains safely with relays', url: wiki('Relay') },
    ],
  },
];
