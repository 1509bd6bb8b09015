package io.punctual.yarn.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SchedConfWireTest {

    private static final QueueChange CHANGE = QueueChange.builder()
            .add(QueuePath.of("root.team-etl"), ordered("capacity", "10", "maximum-capacity", "50"))
            .update(QueuePath.of("root.adhoc"), Map.of("capacity", "20"))
            .remove(QueuePath.of("root.old"))
            .global("yarn.scheduler.capacity.maximum-applications", "5000")
            .build();

    private static Map<String, String> ordered(String... keyValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    @Test
    void theXmlBodyIsTheDocumentedSchedConfDocument() throws Exception {
        String xml = SchedConfWire.xml(CHANGE);

        // Read it back with a real XML parser, element by element, as JAXB on the ResourceManager would.
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("sched-conf");
        Element add = (Element) root.getElementsByTagName("add-queue").item(0);
        assertThat(text(add, "queue-name")).isEqualTo("root.team-etl");
        Element params = (Element) add.getElementsByTagName("params").item(0);
        assertThat(params.getElementsByTagName("entry").getLength()).isEqualTo(2);
        assertThat(text((Element) params.getElementsByTagName("entry").item(1), "key")).isEqualTo("maximum-capacity");
        assertThat(text((Element) params.getElementsByTagName("entry").item(1), "value")).isEqualTo("50");
        Element update = (Element) root.getElementsByTagName("update-queue").item(0);
        assertThat(text(update, "queue-name")).isEqualTo("root.adhoc");
        assertThat(text(root, "remove-queue")).isEqualTo("root.old");
        Element globals = (Element) root.getElementsByTagName("global-updates").item(0);
        assertThat(text(globals, "key")).isEqualTo("yarn.scheduler.capacity.maximum-applications");
        assertThat(text(globals, "value")).isEqualTo("5000");
    }

    @Test
    void xmlSpecialCharactersInValuesAreEscaped() throws Exception {
        var change = QueueChange.builder().update(QueuePath.of("root.adhoc"),
                Map.of("acl_submit_applications", "alice,bob <ops>&co")).build();

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(
                new ByteArrayInputStream(SchedConfWire.xml(change).getBytes(StandardCharsets.UTF_8)));

        assertThat(text(doc.getDocumentElement(), "value")).isEqualTo("alice,bob <ops>&co");
    }

    @Test
    void theJsonBodyUsesTheNamesAJacksonReadingResourceManagerExpects() throws Exception {
        JsonNode json = new ObjectMapper().readTree(SchedConfWire.json(CHANGE));

        assertThat(json.path("addQueueInfo").get(0).path("queue").asText()).isEqualTo("root.team-etl");
        assertThat(json.path("addQueueInfo").get(0).path("params").path("maximum-capacity").asText()).isEqualTo("50");
        assertThat(json.path("updateQueueInfo").get(0).path("params").path("capacity").asText()).isEqualTo("20");
        assertThat(json.path("removeQueueInfo").get(0).asText()).isEqualTo("root.old");
        assertThat(json.path("globalParams").path("yarn.scheduler.capacity.maximum-applications").asText())
                .isEqualTo("5000");
        assertThat(new ObjectMapper().readTree(SchedConfWire.json(QueueChange.builder()
                .update(QueuePath.of("root.adhoc"), Map.of("capacity", "20")).build())).fieldNames())
                .toIterable().containsExactly("updateQueueInfo");
    }

    @Test
    void theConfigurationIsReadInBothJsonShapes() {
        String jackson = "{\"items\":[{\"value\":\"sla,adhoc\",\"key\":\"yarn.scheduler.capacity.root.queues\"},"
                + "{\"value\":\"30\",\"key\":\"yarn.scheduler.capacity.root.adhoc.capacity\"}]}";
        String jaxb = "{\"configuration\":{\"property\":[{\"name\":\"yarn.scheduler.capacity.root.queues\","
                + "\"value\":\"sla,adhoc\"},{\"name\":\"yarn.scheduler.capacity.root.adhoc.capacity\",\"value\":\"30\"}]}}";
        String single = "{\"property\":{\"name\":\"yarn.scheduler.capacity.root.queues\",\"value\":\"adhoc\"}}";

        assertThat(SchedConfWire.parseConf(jackson)).isEqualTo(SchedConfWire.parseConf(jaxb));
        assertThat(SchedConfWire.parseConf(jackson).children(QueuePath.ROOT)).containsExactly("sla", "adhoc");
        assertThat(SchedConfWire.parseConf(single).children(QueuePath.ROOT)).containsExactly("adhoc");
        assertThatThrownBy(() -> SchedConfWire.parseConf("<html/>")).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> SchedConfWire.parseConf("{\"other\":1}")).hasMessageContaining("neither");
    }

    @Test
    void errorBodiesGiveTheResourceManagersMessage() {
        assertThat(SchedConfWire.message("Failed to re-init queues : Illegal capacity of 1.05 for children of queue root\n"))
                .isEqualTo("Failed to re-init queues : Illegal capacity of 1.05 for children of queue root");
        assertThat(SchedConfWire.message("{\"RemoteException\":{\"exception\":\"ForbiddenException\","
                + "\"message\":\"Only admins can carry out this operation.\"}}"))
                .isEqualTo("Only admins can carry out this operation.");
        assertThat(SchedConfWire.message("{\"exception\":\"WebApplicationException\",\"message\":\"boom\"}"))
                .isEqualTo("boom");
    }

    @Test
    void aBodyTheServerCannotReadIsToldApartFromARefusal() {
        assertThat(SchedConfWire.formatUnreadable(500, "{\"exception\":\"WebApplicationException\",\"message\":\""
                + "A message body reader for Java class org.apache.hadoop.yarn.webapp.dao.SchedConfUpdateInfo, and"
                + " MIME media type application/xml was not found.\"}")).isTrue();
        assertThat(SchedConfWire.formatUnreadable(415, "")).isTrue();
        assertThat(SchedConfWire.formatUnreadable(400, "CapacityScheduler configuration validation failed:"
                + "java.io.IOException: Failed to re-init queues")).isFalse();
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent();
    }
}
