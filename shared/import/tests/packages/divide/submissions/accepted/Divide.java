public class Divide {}
